import { cacheLife } from "next/cache";
import Link from "next/link";
import { ChatButton } from "@/components/layout/chat-button";
import { SocialLinks, type SocialUrls } from "@/components/layout/social-links";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";

// Inline blocks of 24px (WCAG 2.5.8), the list's rhythm unchanged; 44px on a touch screen.
const footerLink =
  "inline-block py-0.5 text-sm text-ink/80 transition-colors hover:text-gold-dark pointer-coarse:py-3";
const heading = "mb-4 text-[0.7rem] font-semibold tracking-[0.2em] text-muted uppercase";

// The footer is part of every cached page: the year is cached with it and renewed daily.
async function currentYear() {
  "use cache";
  cacheLife("days");
  return new Date().getFullYear();
}

export async function SiteFooter({
  contactEmail,
  chatUrl,
  ...socialUrls
}: SocialUrls & { contactEmail: string; chatUrl: string }) {
  // Room at the end for the verification banner floating over the bottom of the screen, as tall
  // as it reaches (components/account/verification-banner.tsx), so the last line can still be
  // scrolled out from under it.
  return (
    <footer className="border-line bg-sand/70 mt-20 border-t [body:has([data-verification-banner])_&]:pb-(--verification-banner-space)">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 md:grid-cols-4 md:px-6">
        <div className="col-span-2">
          <p className="text-ink font-serif text-3xl font-semibold tracking-[0.04em]">
            {SHOP_NAME}
          </p>
          <p className="text-muted mt-3 max-w-sm text-sm leading-relaxed">
            {messages.layout.footerBlurb}
          </p>
          <SocialLinks {...socialUrls} className="-ms-2 mt-5" />
        </div>
        <nav aria-label={messages.layout.footerShop}>
          <h2 className={heading}>{messages.layout.footerShop}</h2>
          <ul className="space-y-1.5 pointer-coarse:space-y-0">
            <li>
              <Link href="/" className={footerLink}>
                {messages.layout.collections}
              </Link>
            </li>
            <li>
              <Link href="/about" className={footerLink}>
                {messages.layout.aboutUs}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={messages.layout.footerHelp}>
          <h2 className={heading}>{messages.layout.footerHelp}</h2>
          <ul className="space-y-1.5 pointer-coarse:space-y-0">
            <li>
              <a href={`mailto:${contactEmail}`} className={footerLink}>
                {messages.layout.contact}
              </a>
            </li>
            <li>
              <Link href="/privacy-policy" className={footerLink}>
                {messages.layout.privacyPolicy}
              </Link>
            </li>
            <li>
              <Link href="/terms-of-service" className={footerLink}>
                {messages.layout.termsOfService}
              </Link>
            </li>
            <li>
              <Link href="/adaptive-demo" className={footerLink}>
                {messages.layout.imageDemo}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-line border-t">
        <p className="text-muted mx-auto max-w-7xl px-4 py-5 text-xs md:px-6">
          {messages.layout.copyright(await currentYear())}
        </p>
      </div>
      {/* Floats over every shopper's page, but belongs with the footer's ways to reach the shop. */}
      <ChatButton chatUrl={chatUrl} />
    </footer>
  );
}
