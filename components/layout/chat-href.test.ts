import { buildChatHref, customerChatHref } from "@/components/layout/chat-href";
import { CHAT_GREETING } from "@/lib/constants";

describe("buildChatHref", () => {
  it("prefills the shop's greeting on a wa.me link", () => {
    const href = buildChatHref({ chatUrl: "https://wa.me/96170000000" });
    expect(href).toBe(`https://wa.me/96170000000?text=${encodeURIComponent(CHAT_GREETING)}`);
    expect(new URL(href).searchParams.get("text")).toBe(CHAT_GREETING);
  });

  it("replaces a greeting already present in a WhatsApp link", () => {
    const href = buildChatHref({
      chatUrl: "https://api.whatsapp.com/send?phone=961&text=old",
      greeting: "Hi & hello",
    });
    const url = new URL(href);
    expect(url.searchParams.get("phone")).toBe("961");
    expect(url.searchParams.get("text")).toBe("Hi & hello");
  });

  it("leaves other chat links as they are", () => {
    expect(buildChatHref({ chatUrl: "https://m.me/lumiere" })).toBe("https://m.me/lumiere");
    expect(buildChatHref({ chatUrl: "not a url" })).toBe("not a url");
  });
});

describe("customerChatHref", () => {
  it.each([
    ["03 123 456", "9613123456"],
    ["70 123 456", "96170123456"],
    ["71-222-333", "96171222333"],
    ["+961 70 123 456", "96170123456"],
    ["00961 3 123456", "9613123456"],
    ["961 81 234 567", "96181234567"],
    ["(03) 123-456", "9613123456"],
    ["+33 6 12 34 56 78", "33612345678"],
  ])("writes %s as the number %s, the greeting prefilled", (phone, number) => {
    const url = new URL(customerChatHref(phone, "Hello Rima & co")!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${number}`);
    expect(url.searchParams.get("text")).toBe("Hello Rima & co");
  });

  it.each([["12 34"], ["+1 23"], ["--------1"], ["+961 70 123 456 789 012 34"]])(
    "is none for %s, too short or too long to be a number",
    (phone) => {
      expect(customerChatHref(phone, "Hello")).toBeNull();
    },
  );
});
