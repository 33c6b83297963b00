"use client";

// My Orders (spec section 2, Orders): current orders and delivered ones in two tabs, cancelled
// ones in neither. Signed-out, unverified and failed states show instead, with a way on.
import { Tabs } from "radix-ui";
import { Package } from "lucide-react";
import { useEffect, useState } from "react";
import { useAuth } from "@/components/account/auth-provider";
import {
  ButtonLink,
  LoadFailedNotice,
  SignInNotice,
  VerificationNotice,
} from "@/components/orders/account-notices";
import { OrderCard } from "@/components/orders/order-card";
import { OrdersLoadError, useOrders } from "@/components/orders/use-orders";
import { Skeleton } from "@/components/ui/skeleton";
import { messages } from "@/lib/messages";
import { ordersByTab } from "@/lib/order-rules";
import type { OrderDto } from "@/models/order";

const t = messages.orders;

type Tab = "current" | "history";

export function OrdersView() {
  const { status, user, refresh } = useAuth();
  const verified = Boolean(user?.isEmailVerified);
  const { data, error, isLoading, isValidating, mutate } = useOrders(verified);
  // The session ended elsewhere (signed out on every device, or expired): the profile is checked
  // again, so the whole page, header included, turns signed out instead of offering Try Again.
  const sessionEnded = error instanceof OrdersLoadError && error.status === 401;
  useEffect(() => {
    if (sessionEnded) void refresh();
  }, [sessionEnded, refresh]);

  if (status === "loading") return <OrdersSkeleton />;
  if (!user || sessionEnded) return <SignInNotice title={t.pleaseLogIn} />;
  const needsVerification =
    !verified || (error instanceof OrdersLoadError && error.requiresVerification);
  if (needsVerification) return <VerificationNotice title={t.verifyTitle} text={t.verifyText} />;
  if (error && !data) {
    const message =
      error instanceof OrdersLoadError && error.status > 0
        ? t.fetchFailedStatus(error.status)
        : t.loadFailed;
    return <LoadFailedNotice title={message} busy={isValidating} onRetry={() => mutate()} />;
  }
  if (isLoading || !data) return <OrdersSkeleton />;
  return <OrderTabs orders={data.orders} />;
}

function OrderTabs({ orders }: { orders: OrderDto[] }) {
  const { current, history } = ordersByTab(orders);
  const [tab, setTab] = useState<Tab>("current");
  const tabs: { value: Tab; label: string; list: OrderDto[]; empty: string }[] = [
    { value: "current", label: t.current(current.length), list: current, empty: t.noCurrent },
    { value: "history", label: t.history(history.length), list: history, empty: t.noHistory },
  ];
  return (
    <div>
      <h1 className="font-serif text-3xl font-medium sm:text-4xl">{t.title}</h1>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-6">
        <Tabs.List
          aria-label={t.tabsLabel}
          className="border-line bg-sand/60 mb-6 grid grid-cols-2 gap-1 rounded-full border p-1 sm:inline-grid sm:w-auto"
        >
          {tabs.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="text-muted hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-ivory focus-visible:outline-gold flex h-10 items-center justify-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition focus-visible:outline-2 sm:px-6"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ value, list, empty }) => (
          <Tabs.Content key={value} value={value} className="outline-none">
            {list.length === 0 ? (
              <div className="border-line rounded-2xl border border-dashed px-6 py-12 text-center">
                <Package aria-hidden className="text-gold mx-auto mb-3 size-8" />
                <p className="text-muted">{empty}</p>
                <div className="mt-5">
                  <ButtonLink href="/">{t.startShopping}</ButtonLink>
                </div>
              </div>
            ) : (
              <div className="space-y-5">
                {list.map((order) => (
                  <OrderCard key={order._id} order={order} />
                ))}
              </div>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <div aria-busy>
      <h1 className="font-serif text-3xl font-medium sm:text-4xl">{t.title}</h1>
      <p className="sr-only">{t.loading}</p>
      <Skeleton className="mt-6 h-12 w-full max-w-md rounded-full" />
      <div className="mt-6 space-y-5">
        <Skeleton className="h-64 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}
