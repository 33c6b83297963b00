// The floating chat button's link: WhatsApp links carry the shop's greeting prefilled.
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
