import { gzipSync } from "node:zlib";
import { z } from "zod";
import { AppError, handle, toErrorResponse } from "@/lib/errors";
import { messages } from "@/lib/messages";
import { parseInput, readBodyBytes, readJson } from "@/lib/http";

const URL = "http://localhost:3000/api/x";

/** A chunked body (no Content-Length) that never ends, counting the bytes the server pulled. */
function endlessBody(chunkBytes = 16 * 1024) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const request = new Request(URL, { method: "POST", body: stream, duplex: "half" } as RequestInit);
  return { request, counter };
}

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request(URL, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const response = toErrorResponse(error);
  return { status: response.status, body: await response.json() };
}

const anything = z.looseObject({});

describe("readBodyBytes", () => {
  it("stops reading an endless chunked body at the limit and answers 413", async () => {
    const { request, counter } = endlessBody();
    expect(await refusal(readBodyBytes(request, { maxBytes: 64 * 1024 }))).toEqual({
      status: 413,
      body: { error: messages.api.payloadTooLarge },
    });
    // Only what it took to cross the limit was read (plus what the stream buffered ahead).
    expect(counter.pulled).toBeLessThan(64 * 1024 + 4 * 16 * 1024);
  });

  it("refuses a declared Content-Length over the limit before reading a byte", async () => {
    const { request } = endlessBody();
    const declared = new Request(request, { headers: { "content-length": "999999999" } });
    await expect(readBodyBytes(declared, { maxBytes: 1024 })).rejects.toMatchObject({
      status: 413,
    });
    expect(declared.bodyUsed).toBe(false);
  });

  it("answers 400, not the database's 503, when the client hangs up mid-body", async () => {
    // Node's error when the connection closes before the body has arrived.
    const hangUp = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":'));
      },
      pull(controller) {
        controller.error(hangUp);
      },
    });
    const request = new Request(URL, { method: "POST", body, duplex: "half" } as RequestInit);
    const response = await handle(async () => {
      await readJson(request, anything);
      return Response.json({});
    })();
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: messages.api.malformedRequest });
  });

  it("returns the body's bytes within the limit, and none for a bodiless request", async () => {
    const bytes = await readBodyBytes(post("héllo"), { maxBytes: 6 });
    expect(bytes.toString("utf8")).toBe("héllo");
    await expect(readBodyBytes(post("héllo!"), { maxBytes: 6 })).rejects.toMatchObject({
      status: 413,
    });
    expect((await readBodyBytes(new Request(URL), { maxBytes: 10 })).byteLength).toBe(0);
  });
});

describe("readJson", () => {
  it("answers 413 for an endless chunked JSON body without holding it", async () => {
    const { request, counter } = endlessBody();
    await expect(readJson(request, anything)).rejects.toMatchObject({ status: 413 });
    expect(counter.pulled).toBeLessThan(32 * 1024 + 4 * 16 * 1024);
  });

  it.each([
    ["NUL", { firstName: "Maya\u0000" }],
    ["a C0 control", { note: "bell\u0007" }],
    ["escape", { note: "\u001b[31mred" }],
    ["DEL", { note: "a\u007fb" }],
    ["a C1 control", { note: "next line\u0085" }],
    ["a lone high surrogate", { note: "\ud83d" }],
    ["a lone low surrogate", { note: "x\udc8e" }],
    ["a control in a nested array", { items: [{ name: ["ok", "bad\u0000"] }] }],
    ["a control in a key", { "first\u0000Name": "Maya" }],
  ])("refuses %s with 400 in the error shape", async (_label, body) => {
    expect(await refusal(readJson(post(JSON.stringify(body)), anything))).toEqual({
      status: 400,
      body: { error: messages.api.invalidRequest, details: [messages.api.controlCharacters] },
    });
  });

  it("keeps tabs, newlines, emoji and right-to-left text", async () => {
    const body = { note: "line one\nline two\r\n\tindented", name: "نور 💎 Zoë" };
    expect(await readJson(post(JSON.stringify(body)), anything)).toEqual(body);
  });

  it("refuses bodies that are not UTF-8 JSON with 400", async () => {
    const latin1 = new Request(URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]),
    });
    for (const request of [latin1, post('{"a": ')]) {
      expect(await refusal(readJson(request, anything))).toEqual({
        status: 400,
        body: { error: messages.api.invalidRequest, details: [messages.api.invalidJson] },
      });
    }
  });

  it("refuses a compressed body with 415 naming why, and reads an identity one", async () => {
    const gzipped = new Request(URL, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: gzipSync(JSON.stringify({ a: 1 })),
    });
    expect(await refusal(readJson(gzipped, anything))).toEqual({
      status: 415,
      body: { error: messages.api.unsupportedMediaType, details: [messages.api.bodyEncoded] },
    });
    const identity = new Request(URL, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "Identity" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await readJson(identity, anything)).toEqual({ a: 1 });
  });

  it("refuses a body that does not say it is JSON with 415, and reads an empty one as {}", async () => {
    for (const type of [
      undefined,
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/jsonx",
    ]) {
      const request = new Request(URL, {
        method: "POST",
        body: "{}",
        headers: type ? { "content-type": type } : {},
      });
      expect(await refusal(readJson(request, anything))).toEqual({
        status: 415,
        body: { error: messages.api.unsupportedMediaType, details: [messages.api.jsonExpected] },
      });
    }
    for (const type of [
      "application/json; charset=utf-8",
      "application/merge-patch+json",
      "APPLICATION/JSON",
    ]) {
      expect(await readJson(post('{"a":1}', { "content-type": type }), anything)).toEqual({ a: 1 });
    }
    expect(await readJson(new Request(URL, { method: "POST", body: "" }), anything)).toEqual({});
  });

  it("refuses prototype-named fields and deep nesting with 400, however deep", async () => {
    for (const text of [
      '{"__proto__":{"isAdmin":true}}',
      '{"a":[{"constructor":{}}]}',
      '{"a":{"prototype":1}}',
    ]) {
      expect(await refusal(readJson(post(text), anything))).toEqual({
        status: 400,
        body: { error: messages.api.invalidRequest, details: [messages.api.reservedFieldName] },
      });
    }
    expect(
      await refusal(readJson(post(`${"[".repeat(10_000)}${"]".repeat(10_000)}`), z.unknown())),
    ).toEqual({
      status: 400,
      body: { error: messages.api.invalidRequest, details: [messages.api.nestedTooDeeply] },
    });
  });

  it("turns the schema's refusals into 400 with every message", async () => {
    const schema = z.object({
      email: z.email({ error: "Email is invalid" }),
      age: z.number({ error: "Age?" }),
    });
    expect(await refusal(readJson(post(JSON.stringify({ email: "x" })), schema))).toEqual({
      status: 400,
      body: { error: "Email is invalid", details: ["Email is invalid", "Age?"] },
    });
  });
});

describe("parseInput", () => {
  it("validates query parameters the same way", () => {
    const schema = z.object({ q: z.string().max(5, { error: "Too long" }) });
    expect(parseInput(schema, { q: "ring" })).toEqual({ q: "ring" });
    expect(() => parseInput(schema, { q: "ring\u0000" })).toThrow(AppError);
    expect(() => parseInput(schema, { q: "bracelets" })).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});

describe("parseInput's messages", () => {
  const refusal = (schema: z.ZodType, value: unknown) => {
    try {
      parseInput(schema, value);
    } catch (error) {
      return (error as AppError).extra.details;
    }
    throw new Error("accepted");
  };

  it("names the field and the type it wants where the schema has no words of its own", () => {
    const schema = z.object({
      shippingAddress: z.object({
        city: z.string({ error: "City is required" }),
        area: z.string(),
      }),
      items: z.array(z.object({ quantity: z.int() })),
      gift: z.boolean().optional(),
    });
    expect(refusal(schema, [])).toEqual([messages.api.bodyNotObject]);
    expect(refusal(schema, "x")).toEqual([messages.api.bodyNotObject]);
    expect(refusal(schema, { shippingAddress: "Beirut", items: [] })).toEqual([
      messages.api.wrongType("shippingAddress", "an object"),
    ]);
    expect(
      refusal(schema, {
        shippingAddress: { city: 5, area: 123 },
        items: [{ quantity: "2" }],
        gift: "yes",
      }),
    ).toEqual([
      "City is required",
      messages.api.wrongType("area", "text"),
      messages.api.wrongType("quantity", "a number"),
      messages.api.wrongType("gift", "true or false"),
    ]);
    expect(refusal(schema, { shippingAddress: { city: "Tyre", area: "" }, items: {} })).toEqual([
      messages.api.wrongType("items", "a list"),
    ]);
    expect(
      refusal(schema, { shippingAddress: { city: "Tyre", area: "" }, items: [null, []] }),
    ).toEqual([messages.api.wrongEntryType("items", "an object")]);
  });
});

describe("toErrorResponse", () => {
  it("answers a ZodError that is not request parsing as a logged 500, never a 400", async () => {
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    const serverFault = z
      .object({ SMTP_PORT: z.coerce.number() })
      .safeParse({ SMTP_PORT: "x" }).error;
    const response = await handle(async () => {
      throw serverFault;
    })();
    const body = await response.json();
    expect(response.status).toBe(500);
    expect(body).toEqual({ error: messages.api.internal, requestId: expect.any(String) });
    expect(log).toHaveBeenCalledWith(`[${body.requestId}] unexpected error`, serverFault);
    log.mockRestore();
  });
});
