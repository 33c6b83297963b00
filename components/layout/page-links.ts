import { messages } from "@/lib/messages";

/** The shop's own pages, in the header's bar and in the phone menu. */
export const pageLinks = [
  { href: "/", label: messages.layout.collections },
  { href: "/about", label: messages.layout.about },
] as const;
