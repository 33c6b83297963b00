import * as unknownApiPath from "@/app/api/[...path]/route";
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { messages } from "@/lib/messages";
import { readResponse } from "@/tests/support/auth-requests";

describe("unknown /api paths", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const)(
    "answer %s with the API's JSON 404",
    async (method) => {
      const handler = unknownApiPath[method];
      const result = await readResponse(await handler(new Request("http://localhost/api/nope", { method })));
      expect(result.status).toBe(404);
      expect(result.headers.get("content-type")).toMatch(/^application\/json/);
      expect(result.body).toEqual({ error: messages.api.notFound });
    },
  );

  it("under /api/auth, anything next-auth does not serve is the same 404", async () => {
    for (const [handler, path] of [
      [nextAuthGet, "/api/auth/nope"],
      [nextAuthPost, "/api/auth/admin/anything"],
    ] as const) {
      const result = await readResponse(await handler(new Request(`http://localhost${path}`, { method: "GET" })));
      expect(result).toMatchObject({ status: 404, body: { error: messages.api.notFound } });
    }
  });
});
