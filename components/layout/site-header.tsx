import clsx from "clsx";
import Link from "next/link";
import { AccountMenu } from "@/components/account/account-menu";
import { CartLink, WishlistButton } from "@/components/layout/header-actions";
import { HeaderShell } from "@/components/layout/header-shell";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { pageLinks } from "@/components/layout/page-links";
import { SocialLinks, type SocialUrls } from "@/components/layout/social-links";
import { SearchBox } from "@/components/search/search-box";
import { SHOP_NAME } from "@/lib/constants";
import { messages } from "@/lib/messages";

const navLink =
  "relative py-1 text-[0.8rem] font-medium tracking-[0.14em] text-ink uppercase transition-colors after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-center after:scale-x-0 after:bg-gold after:transition-transform hover:text-gold-dark hover:after:scale-x-100";

export function SiteHeader(socialUrls: SocialUrls) {
  return (
    <HeaderShell>
      <ul className="bg-ink text-ivory/90 flex justify-center gap-x-3 px-4 py-1.5 text-[0.7rem] tracking-[0.12em]">
        {messages.layout.announcement.map((item, index) => (
          <li
            key={item}
            className={clsx(
              "whitespace-nowrap",
              index > 0 && "before:text-gold before:me-3 before:content-['·']",
              // One line on the narrowest phones (320px): the first fact alone.
              index === 1 && "max-[359px]:hidden",
              index > 1 && "hidden sm:block",
            )}
          >
            {item}
          </li>
        ))}
      </ul>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 gap-y-2.5 px-4 pt-2.5 pb-3 md:px-6 lg:flex-nowrap lg:gap-x-6 lg:py-3.5">
        <MobileMenu {...socialUrls} />
        <Link
          href="/"
          aria-label={messages.layout.home}
          className="text-ink font-serif text-[1.75rem] leading-none font-semibold tracking-[0.04em] lg:text-[2rem] pointer-coarse:py-2"
        >
          {SHOP_NAME}
        </Link>
        <nav aria-label={messages.layout.menuTitle} className="hidden shrink-0 lg:block">
          <ul className="flex items-center gap-7">
            {pageLinks.map(({ href, label }) => (
              <li key={href}>
                <Link href={href} className={navLink}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-last basis-full lg:order-none lg:max-w-md lg:flex-1 lg:basis-auto xl:ms-auto">
          <SearchBox />
        </div>
        <div className="ms-auto flex shrink-0 items-center gap-0.5 lg:ms-0">
          <SocialLinks {...socialUrls} className="hidden lg:flex" />
          <span className="bg-line mx-2 hidden h-5 w-px lg:block" aria-hidden="true" />
          <WishlistButton />
          <CartLink />
          <div className="hidden whitespace-nowrap lg:ms-2 lg:block">
            <AccountMenu />
          </div>
        </div>
      </div>
    </HeaderShell>
  );
}
