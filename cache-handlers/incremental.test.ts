// The page cache without Redis: a page stored before an edit expires with the edit's tags, also
// after the machine's wall clock was stepped forward (as a VM's clock sync does).
import { areTagsExpired } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import IncrementalCache from "@/cache-handlers/incremental.mjs";

type Entry = { lastModified: number };

describe("the page cache", () => {
  const cache = new IncrementalCache({ serverDistDir: "/nonexistent/server" });
  const page = { kind: "APP_PAGE", headers: { "x-next-cache-tags": "catalogue-list,rings" } };

  afterEach(() => jest.restoreAllMocks());

  it("expires a page stored just before its tag is expired, whatever the wall clock says", async () => {
    // The wall clock runs a minute ahead of the process's own clock.
    const wallClock = Date.now() + 60_000;
    jest.spyOn(Date, "now").mockReturnValue(wallClock);
    await cache.set("/category/rings", page, { cacheControl: { revalidate: 3600 } });
    const stored = (await cache.get("/category/rings", {})) as Entry;

    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.revalidateTag(["rings"]);
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect(areTagsExpired(["rings"], stored.lastModified)).toBe(true);
  });

  it("expires a page whose render began before an edit and was stored after it", async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    // A request finds no page and the render starts, reading the catalogue as it was...
    expect(await cache.get("/category/anklets", {})).toBeNull();
    await pause();
    // ...the owner's edit expires the tags while it renders...
    await cache.revalidateTag(["anklets"]);
    await pause();
    // ...and the page it made is stored after the edit.
    await cache.set("/category/anklets", page, { cacheControl: { revalidate: 3600 } });
    const stored = (await cache.get("/category/anklets", {})) as Entry;
    expect(areTagsExpired(["anklets"], stored.lastModified)).toBe(true);
  });

  it("keeps a page stored after the tag expired", async () => {
    await cache.revalidateTag(["catalogue-list"]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.set("/category/earrings", page, { cacheControl: { revalidate: 3600 } });
    const stored = (await cache.get("/category/earrings", {})) as Entry;
    expect(areTagsExpired(["catalogue-list"], stored.lastModified)).toBe(false);
  });

  it("keeps found pages, never a not-found one (any made-up address would take a place)", async () => {
    const context = { cacheControl: { revalidate: 3600 } };
    await cache.set("/product/found", { ...page, status: 200 }, context);
    await cache.set("/product/made-up", { ...page, status: 404 }, context);
    expect(await cache.get("/product/found", {})).toMatchObject({ value: { status: 200 } });
    expect(await cache.get("/product/made-up", {})).toBeNull();
  });

  it("forgets when a not-found page was asked for: the page made later is not older than an edit between", async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const context = { cacheControl: { revalidate: 3600 } };
    expect(await cache.get("/category/brooches", {})).toBeNull();
    await cache.set("/category/brooches", { ...page, status: 404 }, context);
    await pause();
    await cache.revalidateTag(["brooches"]);
    await pause();
    // Asked for again after the edit: this render read the catalogue as edited.
    expect(await cache.get("/category/brooches", {})).toBeNull();
    await cache.set("/category/brooches", { ...page, status: 200 }, context);
    const stored = (await cache.get("/category/brooches", {})) as Entry;
    expect(areTagsExpired(["brooches"], stored.lastModified)).toBe(false);
  });
});
