import { InstagramIcon, TikTokIcon } from "@/components/ui/social-icons";
import { messages } from "@/lib/messages";

export type SocialUrls = { instagramUrl: string; tiktokUrl: string };

/** The shop's Instagram and TikTok, opened in a new tab. */
export function SocialLinks({
  instagramUrl,
  tiktokUrl,
  className = "",
}: SocialUrls & { className?: string }) {
  const links = [
    { href: instagramUrl, label: messages.layout.instagram, Icon: InstagramIcon },
    { href: tiktokUrl, label: messages.layout.tiktok, Icon: TikTokIcon },
  ];
  return (
    <ul className={`flex items-center gap-1 ${className}`}>
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            className="text-muted hover:bg-sand hover:text-ink focus-visible:outline-gold inline-flex size-9 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 pointer-coarse:size-11"
          >
            <Icon className="size-[1.125rem]" />
          </a>
        </li>
      ))}
    </ul>
  );
}
