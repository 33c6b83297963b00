"use client";

// The signed-in shopper's menu in the header: who they are, whether their email is verified, and
// their account actions.
import { Fragment } from "react";
import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import clsx from "clsx";
import { useAccountActions } from "@/components/account/account-actions";
import { UserAvatar, UserSummary } from "@/components/account/user-avatar";
import { messages } from "@/lib/messages";
import type { PublicUser } from "@/models/auth";

const t = messages.account;

export function UserMenu({ user }: { user: PublicUser }) {
  const actions = useAccountActions({ withSettings: false });
  return (
    // Not modal: a dialog opened from an item must not inherit the menu's pointer lock.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t.accountMenu}
        className="hover:ring-gold/40 focus-visible:outline-gold data-[state=open]:ring-gold/60 rounded-full transition hover:ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 data-[state=open]:ring-2 pointer-coarse:p-1"
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          className="border-line bg-ivory z-50 w-72 overflow-hidden rounded-xl border p-1.5 shadow-[0_18px_50px_-18px_rgb(31_26_23/0.4)] transition duration-150 outline-none starting:-translate-y-1 starting:opacity-0"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-3 pt-3 pb-3.5">
            <UserSummary user={user} />
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="bg-line mx-1.5 mb-1 h-px" />
          {actions.map((action) => {
            const Icon = action.icon;
            const className = clsx(
              "flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm outline-none select-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-dark data-[highlighted]:bg-sand",
              action.tone === "danger" ? "text-red-700" : "text-ink",
              action.key === "delete-account" && "mt-1",
            );
            const content = (
              <>
                <Icon aria-hidden className="size-4 opacity-70" />
                {action.label}
              </>
            );
            return (
              <Fragment key={action.key}>
                {action.key === "delete-account" && (
                  <DropdownMenu.Separator className="bg-line mx-1.5 my-1 h-px" />
                )}
                {action.href ? (
                  <DropdownMenu.Item asChild className={className}>
                    <Link href={action.href}>{content}</Link>
                  </DropdownMenu.Item>
                ) : (
                  <DropdownMenu.Item className={className} onSelect={action.run}>
                    {content}
                  </DropdownMenu.Item>
                )}
              </Fragment>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
