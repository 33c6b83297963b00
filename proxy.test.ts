import { NextRequest } from "next/server";
import { config, proxy } from "@/proxy";

const visit = (path: string, cookie?: string) =>
  proxy(new NextRequest(`http://shop.example${path}`, { headers: cookie ? { cookie } : {} }));

describe("request guard", () => {
  it.each(["/admin", "/admin/orders", "/admin?tab=products"])(
    "sends a signed-out visitor of %s home",
    (path) => {
      const response = visit(path);
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe("http://shop.example/");
    },
  );

  it.each(["lumiere_session=", "other=1", "lumiere_sessionx=abc"])(
    "treats the cookie header %p as signed out",
    (cookie) => {
      expect(visit("/admin", cookie).headers.get("location")).toBe("http://shop.example/");
    },
  );

  it("lets a visitor with a session cookie through to /admin: the page checks the session and the role", () => {
    const response = visit("/admin", "lumiere_session=any-token");
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it.each([undefined, "lumiere_session=any-token"])(
    "lets /orders through (cookie %p): the page shows its own signed-out message",
    (cookie) => {
      const response = visit("/orders", cookie);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("x-middleware-next")).toBe("1");
    },
  );

  it("runs only on the guarded pages and the home page's category address", () => {
    expect(config.matcher).toEqual([
      "/admin/:path*",
      "/orders/:path*",
      { source: "/", has: [{ type: "query", key: "category" }] },
    ]);
  });
});

describe("category address", () => {
  it("sends /?category=rings to the category's page, keeping other query parameters", () => {
    const response = visit("/?utm_source=instagram&category=rings");
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(
      "http://shop.example/category/rings?utm_source=instagram",
    );
  });

  it.each(["/?category=", "/?category=watches", "/?other=1"])(
    "shows the home page for %s",
    (path) => {
      const response = visit(path);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("x-middleware-next")).toBe("1");
    },
  );
});
