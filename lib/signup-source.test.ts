import { SIGNUP_SOURCE_STORAGE_KEY, SOURCE_MEMORY_DAYS } from "@/lib/constants";
import { forgetSignupSource, readSignupSource, rememberSignupSource } from "@/lib/signup-source";

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
