import { MessageCircle } from "lucide-react";
import { buildChatHref } from "@/components/layout/chat-href";
import { messages } from "@/lib/messages";

/**
 * The floating chat button (bottom end corner): opens the shop's chat with a greeting typed in. It
 * is for shoppers: the owner's panel hides it, where it would only cover rows' buttons on a phone.
 * On a touch screen it steps aside while a field is being typed in: above the keyboard it would sit
 * on the field itself (the checkout's phone number), where a tap meant for it leaves the page.
 */
export function ChatButton({ chatUrl }: { chatUrl: string }) {
  return (
    <a
      href={buildChatHref({ chatUrl })}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={messages.layout.chat}
      title={messages.layout.chat}
      className="bg-ink text-ivory ring-gold/40 hover:bg-gold-dark focus-visible:outline-gold fixed end-4 bottom-4 z-30 inline-flex size-14 items-center justify-center rounded-full shadow-[0_12px_30px_-10px_rgba(31,26,23,0.6)] ring-1 transition hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 md:end-6 md:bottom-6 pointer-coarse:[body:has(:is(input,textarea):focus)_&]:hidden [body:has([data-admin-panel])_&]:hidden"
    >
      <MessageCircle className="size-6" strokeWidth={1.6} aria-hidden="true" />
    </a>
  );
}
