import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  createNotFoundPages,
  dressedNotFound,
  notFoundKindOf,
  screenParts,
  SCREEN_PATH,
} from "@/server/not-found-pages.mjs";

// Next's document for a page that called notFound(): nothing in the body but scripts.
const errorDocument =
  '<!DOCTYPE html><html id="__next_error__"><head><script src="/_next/a.js" async=""></script>' +
  '<meta name="robots" content="noindex"/></head><body><script src="/_next/b.js" async="">' +
  '</script><script>self.__next_f.push([1,"screen data"])</script></body></html>';

// A page rendering a screen the ordinary way.
const screenDocument = (kind: string) =>
  '<!DOCTYPE html><html lang="en" dir="ltr" class="font"><head><meta charSet="utf-8"/>' +
  '<meta name="viewport" content="width=device-width"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/c.js"/>' +
  `<script src="/_next/c.js" async=""></script><title>${kind} | Shop</title></head>` +
  `<body class="antialiased"><header>Shop</header><main><h1>${kind} screen</h1></main>` +
  '<script>self.__next_f.push([1,"other data"])</script></body></html>';

describe("which screen a 404 shows", () => {
  test.each([
    ["/product", "product-id"],
    ["/product/", "product-id"],
    ["/product/0b1e2c3d-0000-4000-8000-000000000000", "product"],
    ["/product/anything", "product"],
    ["/category/nope", "page"],
    ["/products", "page"],
  ])("%s: %s", (path, kind) => {
    expect(notFoundKindOf(path)).toBe(kind);
  });
});

describe("a screen put into Next's empty 404 document", () => {
  test("the document gets the screen's markup, language, viewport, title and stylesheet", () => {
    const dressed = dressedNotFound(errorDocument, screenParts(screenDocument("product")));
    expect(dressed).toBe(
      '<!DOCTYPE html><html id="__next_error__" lang="en" dir="ltr" class="font"><head>' +
        '<meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>' +
        '<link rel="stylesheet" href="/s.css"/><title>product | Shop</title>' +
        '<script src="/_next/a.js" async=""></script><meta name="robots" content="noindex"/></head>' +
        '<body class="antialiased"><header>Shop</header><main><h1>product screen</h1></main>' +
        '<script src="/_next/b.js" async=""></script>' +
        '<script>self.__next_f.push([1,"screen data"])</script></body></html>',
    );
  });

  test("the screen page's own scripts stay out: the document keeps only its own", () => {
    const parts = screenParts(screenDocument("page"));
    expect(parts?.head).not.toContain("c.js");
    expect(parts?.body).not.toContain("other data");
  });

  test("any other document is left as it was", () => {
    const parts = screenParts(screenDocument("page"));
    const page = screenDocument("home");
    expect(dressedNotFound(page, parts)).toBe(page);
    expect(dressedNotFound(errorDocument, null)).toBe(errorDocument);
    expect(dressedNotFound(errorDocument.replace("<body>", "<body >"), parts)).toBe(
      errorDocument.replace("<body>", "<body >"),
    );
  });

  test("only a whole page of the shop can be a screen", () => {
    expect(screenParts(errorDocument)).toBeNull();
    expect(screenParts("<html><body>x</body></html>")).toBeNull();
    expect(screenParts(screenDocument("page").replace("</body></html>", ""))).toBeNull();
  });
});

describe("the screens of a running server", () => {
  // A stand-in for the entry point in front of Next: it hides the screens' address as the entry
  // point does, renders a screen at that address and answers anything else 404.
  let server: http.Server;
  let pages: ReturnType<typeof createNotFoundPages>;
  let asked: string[];
  let failing: boolean;

  beforeEach(async () => {
    asked = [];
    failing = false;
    server = http.createServer((req, res) => {
      pages.hide(req);
      asked.push(req.url ?? "");
      const screen = new RegExp(`^${SCREEN_PATH}/([a-z-]+)$`).exec(req.url ?? "");
      if (screen && failing) res.writeHead(500).end("down");
      else if (screen)
        res.writeHead(200, { "content-type": "text/html" }).end(screenDocument(screen[1]!));
      else res.writeHead(404).end("gone");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    pages = createNotFoundPages({ port: (server.address() as AddressInfo).port });
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const requestFor = (url: string, headers: http.IncomingHttpHeaders = {}) =>
    ({ url, headers }) as http.IncomingMessage;

  test("each 404 gets its own screen once they are rendered", async () => {
    await pages.warm();
    expect(asked.sort()).toEqual([
      `${SCREEN_PATH}/page`,
      `${SCREEN_PATH}/product`,
      `${SCREEN_PATH}/product-id`,
    ]);
    const dressed = (url: string) =>
      String(pages.dress(requestFor(url), Buffer.from(errorDocument)));
    expect(dressed("/product/0b1e2c3d-0000-4000-8000-000000000000?ref=ig")).toContain(
      "<h1>product screen</h1>",
    );
    expect(dressed("/product")).toContain("<h1>product-id screen</h1>");
    expect(dressed("/category/nope")).toContain("<h1>page screen</h1>");
    // Next sends it as one string too (from its cache).
    expect(String(pages.dress(requestFor("/category/nope"), errorDocument))).toContain(
      "<h1>page screen</h1>",
    );
    // A page that is no empty 404 document is sent as it came.
    expect(pages.dress(requestFor("/product/x"), Buffer.from("gone"))).toBeNull();
    expect(pages.dress(requestFor("/product/x"), screenDocument("page"))).toBeNull();
  });

  test("until the screens are rendered a 404 goes as it came, and asks for them", async () => {
    const body = Buffer.from(errorDocument);
    expect(pages.dress(requestFor("/product/x"), body)).toBeNull();
    await pages.warm();
    expect(asked).toHaveLength(3);
    expect(String(pages.dress(requestFor("/product/x"), body))).toContain("product screen");
  });

  test("screens that could not be rendered are asked for again only after a while", async () => {
    failing = true;
    await pages.warm();
    expect(asked).toHaveLength(3);
    const body = Buffer.from(errorDocument);
    for (let i = 0; i < 5; i++) expect(pages.dress(requestFor("/product/x"), body)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveLength(3);
  });

  test("a visitor asking for a screen's address gets the shop's 404, however it is spelled", () => {
    for (const url of [
      `${SCREEN_PATH}/product`,
      `${SCREEN_PATH}/page?x=1`,
      SCREEN_PATH,
      "/not-found-screen%2Fproduct",
      "/%6eot-found-screen/product",
    ]) {
      const req = requestFor(url, { "x-lumiere-screen": "a guess" });
      pages.hide(req);
      expect(req.url).toMatch(/^\/_not-found/);
      expect(req.headers["x-lumiere-screen"]).toBeUndefined();
    }
    const other = requestFor("/not-found-screens/product");
    pages.hide(other);
    expect(other.url).toBe("/not-found-screens/product");
  });
});
