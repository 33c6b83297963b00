import { SIGNUP_SOURCE_STORAGE_KEY, SOURCE_MEMORY_DAYS } from "@/lib/constants";
import {
  callApi,
  describeFailure,
  forgetSignupSource,
  readSignupSource,
  rememberSignupSource,
} from "@/lib/auth-client";
import { messages } from "@/lib/messages";

// The browser's storage, as the functions under test expect to find it.
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const storage = new MemoryStorage();
beforeAll(() => {
  Object.defineProperty(globalThis, "localStorage", { value: storage, configurable: true });
});
beforeEach(() => storage.clear());

describe("the remembered Instagram sign-up source", () => {
  it.each([
    ["?source=instagram", "instagram"],
    ["?utm_source=Instagram&utm_medium=bio", "instagram"],
    ["?source=INSTAGRAM", "instagram"],
    ["?utm_source=tiktok", undefined],
    ["?source=instagramx", undefined],
    ["", undefined],
  ])("landing on %p remembers %p", (search, expected) => {
    rememberSignupSource(search);
    expect(readSignupSource()).toBe(expected);
  });

  it("is kept for 30 days, then forgotten", () => {
    const day = 24 * 60 * 60 * 1000;
    storage.setItem(
      SIGNUP_SOURCE_STORAGE_KEY,
      JSON.stringify({ source: "instagram", at: Date.now() - (SOURCE_MEMORY_DAYS * day - 60_000) }),
    );
    expect(readSignupSource()).toBe("instagram");

    storage.setItem(
      SIGNUP_SOURCE_STORAGE_KEY,
      JSON.stringify({ source: "instagram", at: Date.now() - (SOURCE_MEMORY_DAYS * day + 60_000) }),
    );
    expect(readSignupSource()).toBeUndefined();
    expect(storage.getItem(SIGNUP_SOURCE_STORAGE_KEY)).toBeNull();
  });

  it("a later landing from elsewhere keeps it; signing up forgets it", () => {
    rememberSignupSource("?utm_source=instagram");
    rememberSignupSource("?utm_source=newsletter");
    expect(readSignupSource()).toBe("instagram");
    forgetSignupSource();
    expect(readSignupSource()).toBeUndefined();
  });

  it("ignores unreadable stored values", () => {
    storage.setItem(SIGNUP_SOURCE_STORAGE_KEY, "{not json");
    expect(readSignupSource()).toBeUndefined();
  });
});

describe("what a form shows for a failed call", () => {
  it.each([
    {
      name: "the server's text and its details",
      failure: { status: 400, error: "Email is invalid", details: ["Email is invalid", "Password is required"] },
      expected: { message: "Email is invalid", details: ["Password is required"] },
    },
    {
      name: "the form's fallback when the server gives no text",
      failure: { status: 500, error: null, details: [] },
      expected: { message: messages.auth.loginFailed, details: [] },
    },
    {
      name: "the network message when the server was never reached",
      failure: { status: 0, error: null, details: [] },
      expected: { message: messages.auth.genericError, details: [] },
    },
  ])("$name", ({ failure, expected }) => {
    expect(describeFailure({ ok: false, ...failure }, messages.auth.loginFailed)).toEqual(expected);
  });
});

describe("calling the API", () => {
  it("reports an unreachable server as status 0 instead of throwing", async () => {
    const result = await callApi("http://127.0.0.1:9/api/auth/login", { body: {} });
    expect(result).toEqual({ ok: false, status: 0, error: null, details: [] });
  });
});
