import * as unknownApiPath from "@/app/api/[...path]/route";
import {
  DELETE as nextAuthDelete,
  GET as nextAuthGet,
  POST as nextAuthPost,
  PUT as nextAuthPut,
} from "@/app/api/auth/[...nextauth]/route";
import { messages } from "@/lib/messages";
import { MALFORMED_PATH, METHOD_NOT_ALLOWED } from "@/server/answers.mjs";
import { readResponse } from "@/tests/support/auth-requests";

it("the entry point answers in the API's own words", () => {
  expect(MALFORMED_PATH).toBe(messages.api.malformedPath);
  expect(METHOD_NOT_ALLOWED).toBe(messages.api.methodNotAllowed);
});

describe("unknown /api paths", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const)(
    "answer %s with the API's JSON 404",
    async (method) => {
      const handler = unknownApiPath[method];
      const result = await readResponse(
        await handler(new Request("http://localhost/api/nope", { method })),
      );
      expect(result.status).toBe(404);
      expect(result.headers.get("content-type")).toMatch(/^application\/json/);
      expect(result.body).toEqual({ error: messages.api.notFound });
    },
  );

  it("under /api/auth, anything next-auth does not serve is the same 404, whatever the method", async () => {
    for (const [handler, method, path] of [
      [nextAuthGet, "GET", "/api/auth/nope"],
      [nextAuthPost, "POST", "/api/auth/admin/anything"],
      [nextAuthPut, "PUT", "/api/auth/nope"],
      [nextAuthDelete, "DELETE", "/api/auth/whatever/else"],
    ] as const) {
      const result = await readResponse(
        await handler(new Request(`http://localhost${path}`, { method })),
      );
      expect(result).toMatchObject({ status: 404, body: { error: messages.api.notFound } });
    }
    const wrongMethod = await readResponse(
      await nextAuthPut(
        new Request("http://localhost/api/auth/callback/google", { method: "PUT" }),
      ),
    );
    expect(wrongMethod).toMatchObject({
      status: 405,
      body: { error: messages.api.methodNotAllowed },
    });
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });
});
