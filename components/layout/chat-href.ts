// WhatsApp links: the floating chat button's, with the shop's greeting prefilled, and the owner's
// to a customer who ordered.
import { CHAT_GREETING } from "@/lib/constants";

const WHATSAPP_HOST = /(^|\.)(wa\.me|whatsapp\.com)$/;

export function buildChatHref({
  chatUrl,
  greeting = CHAT_GREETING,
}: {
  chatUrl: string;
  greeting?: string;
}) {
  let url: URL;
  try {
    url = new URL(chatUrl);
  } catch {
    return chatUrl;
  }
  if (!WHATSAPP_HOST.test(url.hostname)) return chatUrl;
  url.searchParams.delete("text");
  // encodeURIComponent writes spaces as %20, which every WhatsApp client reads (some show a literal "+").
  const separator = url.search ? "&" : "?";
  return `${url.toString()}${separator}text=${encodeURIComponent(greeting)}`;
}

/** Lebanon's country code: a number typed without one is Lebanese (the shop delivers there only). */
const LEBANON = "961";

/**
 * A WhatsApp chat with the number a customer typed at checkout, the greeting prefilled, or null
 * when it holds too few digits to be one. A number without a country code (+ or 00) is Lebanese,
 * its leading 0 dropped: "03 123 456" is 961 3 123 456.
 */
export function customerChatHref(phoneNumber: string, greeting: string): string | null {
  let digits = phoneNumber.replace(/\D/g, "");
  if (/^\s*00/.test(phoneNumber)) digits = digits.slice(2);
  else if (!/^\s*\+/.test(phoneNumber) && !(digits.startsWith(LEBANON) && digits.length >= 10)) {
    digits = LEBANON + digits.replace(/^0/, "");
  }
  if (digits.length < 10 || digits.length > 15) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(greeting)}`;
}
