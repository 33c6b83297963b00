import { buildChatHref } from "@/components/layout/chat-href";
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
