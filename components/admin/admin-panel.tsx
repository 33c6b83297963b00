"use client";

import { Tabs } from "radix-ui";
import { LayoutDashboard, Package, ShoppingBag } from "lucide-react";
import { useState } from "react";
import type { OrderFilter } from "@/components/admin/admin-data";
import { DashboardTab } from "@/components/admin/dashboard-tab";
import { OrdersTab } from "@/components/admin/orders-tab";
import { ProductsTab } from "@/components/admin/products-tab";
import { formatDateTime } from "@/lib/format";
import { messages } from "@/lib/messages";

export type AdminTab = "dashboard" | "products" | "orders";

const t = messages.admin;
const TAB_ICONS = { dashboard: LayoutDashboard, products: Package, orders: ShoppingBag } as const;

/**
 * The panel: who is signed in, and the three sections. The open section and the orders' status
 * filter are named in the URL and kept by the panel, so a reload or a look at the dashboard and
 * back leaves the owner where she was.
 */
export function AdminPanel({
  firstName,
  previousLoginAt,
  initialTab,
  initialOrderFilter,
}: {
  firstName: string;
  previousLoginAt: string | null;
  initialTab: AdminTab;
  initialOrderFilter: OrderFilter;
}) {
  const [tab, setTab] = useState<AdminTab>(initialTab);
  const [orderFilter, setOrderFilter] = useState<OrderFilter>(initialOrderFilter);

  const nameInUrl = (name: string, value: string | null) => {
    const url = new URL(window.location.href);
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
    window.history.replaceState(window.history.state, "", url);
  };

  const choose = (next: string) => {
    const chosen = next as AdminTab;
    setTab(chosen);
    nameInUrl("tab", chosen);
  };

  const filterOrders = (next: OrderFilter) => {
    setOrderFilter(next);
    nameInUrl("status", next === "all" ? null : next);
  };

  return (
    <div>
      <header className="mb-6 sm:mb-8">
        <h1 className="text-ink font-serif text-[2.1rem] leading-tight font-medium sm:text-[2.6rem]">
          {t.title}
        </h1>
        <p className="text-ink mt-1 text-[15px]">{t.welcomeBack(firstName)}</p>
        <p className="text-muted mt-0.5 text-sm">
          {previousLoginAt ? t.lastLogin(formatDateTime(previousLoginAt)) : t.firstLogin}
        </p>
      </header>

      <Tabs.Root value={tab} onValueChange={choose}>
        {/* Each tab as wide as its label, the rest shared: equal thirds left "Dashboard" touching
            its pill's edges on a 360 px phone. */}
        <Tabs.List
          aria-label={t.tabsLabel}
          className="border-line bg-sand/60 mb-6 grid grid-cols-[repeat(3,auto)] gap-1 rounded-full border p-1 sm:inline-grid sm:w-auto"
        >
          {(Object.keys(TAB_ICONS) as AdminTab[]).map((value) => {
            const Icon = TAB_ICONS[value];
            return (
              <Tabs.Trigger
                key={value}
                value={value}
                className="text-muted hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-ivory focus-visible:outline-gold flex h-10 items-center justify-center gap-2 rounded-full px-3 text-sm font-medium transition focus-visible:outline-2 sm:px-5 pointer-coarse:h-11"
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                {t.tabs[value]}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <Tabs.Content value="dashboard" className="outline-none">
          <DashboardTab />
        </Tabs.Content>
        <Tabs.Content value="products" className="outline-none">
          <ProductsTab />
        </Tabs.Content>
        <Tabs.Content value="orders" className="outline-none">
          <OrdersTab status={orderFilter} onStatusChange={filterOrders} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
