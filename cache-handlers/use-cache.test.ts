// The 'use cache' store without Redis: an entry is kept and served until its tags expire, unless
// it carries the not-kept tag (a product id nobody made), which is never stored.
import handler from "@/cache-handlers/use-cache.mjs";
import { NOT_KEPT_TAG } from "@/cache-handlers/not-kept.mjs";

const entryWith = (tags: string[]) => ({
  value: new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("null"));
      controller.close();
    },
  }),
  tags,
  stale: 300,
  timestamp: performance.timeOrigin + performance.now(),
  expire: 86_400,
  revalidate: 3600,
});

describe("the 'use cache' store", () => {
  it("keeps an entry", async () => {
    await handler.set("kept", Promise.resolve(entryWith(["catalogue"])));
    const stored = await handler.get("kept", []);
    expect(stored?.tags).toEqual(["catalogue"]);
    expect(await new Response(stored!.value).text()).toBe("null");
  });

  it("does not keep an entry tagged not-kept", async () => {
    await handler.set("not kept", Promise.resolve(entryWith(["catalogue", NOT_KEPT_TAG])));
    expect(await handler.get("not kept", [])).toBeUndefined();
  });
});
