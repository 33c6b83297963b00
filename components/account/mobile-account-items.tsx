"use client";

// The account entries of the mobile slide-in menu. `onNavigate` closes the menu.
import Link from "next/link";
import clsx from "clsx";
import { useAccountActions } from "@/components/account/account-actions";
import { useAccountUi } from "@/components/account/account-ui";
import { useAuth } from "@/components/account/auth-provider";
import { UserSummary } from "@/components/account/user-avatar";
import { messages } from "@/lib/messages";

const t = messages.account;

export function MobileAccountItems({ onNavigate }: { onNavigate: () => void }) {
  const { status, user } = useAuth();
  const { openAuth } = useAccountUi();
  const actions = useAccountActions({ withSettings: true });

  if (status === "loading") {
    return <div aria-hidden className="bg-sand mt-4 h-16 animate-pulse rounded-xl" />;
  }

  if (!user) {
    return (
      <div className="border-line mt-4 grid grid-cols-2 gap-2.5 border-t pt-4">
        <button
          type="button"
          onClick={() => {
            onNavigate();
            openAuth("login");
          }}
          className="border-line text-ink hover:border-gold/60 h-11 rounded-lg border bg-white text-sm font-medium transition"
        >
          {t.signIn}
        </button>
        <button
          type="button"
          onClick={() => {
            onNavigate();
            openAuth("signup");
          }}
          className="bg-ink text-ivory hover:bg-ink/85 h-11 rounded-lg text-sm font-medium transition"
        >
          {t.signUp}
        </button>
      </div>
    );
  }

  const itemClass = (danger: boolean) =>
    clsx(
      "flex w-full items-center gap-3 rounded-lg px-3 py-3 text-start text-[15px] transition hover:bg-sand focus-visible:outline-2 focus-visible:outline-gold",
      danger ? "text-red-700" : "text-ink",
    );

  return (
    <div className="border-line mt-4 border-t pt-4">
      <div className="border-line flex items-center gap-3 rounded-xl border bg-white/70 p-3.5">
        <UserSummary user={user} />
      </div>
      <ul className="mt-2 space-y-0.5">
        {actions.map((action) => {
          const Icon = action.icon;
          const content = (
            <>
              <Icon aria-hidden className="size-[18px] opacity-70" />
              {action.label}
            </>
          );
          return (
            <li
              key={action.key}
              className={clsx(action.key === "delete-account" && "border-line mt-1 border-t pt-1")}
            >
              {action.href ? (
                <Link href={action.href} onClick={onNavigate} className={itemClass(false)}>
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    onNavigate();
                    action.run?.();
                  }}
                  className={itemClass(action.tone === "danger")}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
