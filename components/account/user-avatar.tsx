// The shopper's avatar (a Google picture) or the first letter of their first name, and the
// summary of who is signed in shown at the top of the header and phone menus.
import clsx from "clsx";
import { messages } from "@/lib/messages";
import type { PublicUser } from "@/models/auth";

export function UserAvatar({
  user,
  size = "md",
}: {
  user: Pick<PublicUser, "avatar" | "firstName" | "email">;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "size-12 text-lg" : "size-9 text-[15px]";
  if (user.avatar) {
    return (
      // A remote profile picture at a fixed small size: the shop's image route does not serve it.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={user.avatar}
        alt=""
        referrerPolicy="no-referrer"
        className={clsx(box, "ring-line shrink-0 rounded-full object-cover ring-1")}
      />
    );
  }
  const initial = (user.firstName.trim()[0] ?? user.email[0] ?? "?").toUpperCase();
  return (
    <span
      aria-hidden
      className={clsx(
        box,
        "bg-ink text-ivory ring-gold/40 flex shrink-0 items-center justify-center rounded-full font-serif font-semibold ring-1",
      )}
    >
      {initial}
    </span>
  );
}

export function VerificationBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-medium tracking-wide text-emerald-800 ring-1 ring-emerald-200">
      <span aria-hidden className="size-1.5 rounded-full bg-emerald-600" />
      {messages.account.verified}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-medium tracking-wide text-amber-900 ring-1 ring-amber-200">
      <span aria-hidden className="size-1.5 rounded-full bg-amber-500" />
      {messages.account.unverified}
    </span>
  );
}

/** "First Last", or the one name the shopper gave. */
export function fullNameOf(user: Pick<PublicUser, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Avatar, full name, email and verification badge; the caller lays them out in a row. */
export function UserSummary({ user }: { user: PublicUser }) {
  return (
    <>
      <UserAvatar user={user} size="lg" />
      <div className="min-w-0">
        <p dir="auto" className="text-ink truncate font-serif text-lg leading-tight font-semibold">
          {fullNameOf(user)}
        </p>
        <p className="text-muted truncate text-[13px]" title={user.email}>
          {user.email}
        </p>
        <div className="mt-1.5">
          <VerificationBadge verified={user.isEmailVerified} />
        </div>
      </div>
    </>
  );
}
