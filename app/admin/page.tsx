import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import type { OrderFilter } from "@/components/admin/admin-data";
import { AdminPanel, type AdminTab } from "@/components/admin/admin-panel";
import { AdminPanelSkeleton } from "@/components/admin/admin-skeleton";
import { getCurrentUser } from "@/lib/auth/session";
import { ORDER_STATUSES } from "@/lib/constants";
import { messages } from "@/lib/messages";

export const metadata: Metadata = {
  title: messages.admin.metaTitle,
  robots: { index: false, follow: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The shop owner's panel. The frame is static; who is asking is read per request behind the
 * boundary, and anyone but an admin is sent home. The panel's data loads in the browser.
 */
export default function AdminPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <div data-admin-panel className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <Suspense fallback={<AdminPanelSkeleton />}>
        <AdminGate searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

const TABS: readonly AdminTab[] = ["dashboard", "products", "orders"];

async function AdminGate({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser();
  if (!user?.isAdmin) redirect("/");
  const { tab: requestedTab, status: requestedStatus } = await searchParams;
  const tab = TABS.find((t) => t === requestedTab) ?? "dashboard";
  const orderFilter: OrderFilter = ORDER_STATUSES.find((s) => s === requestedStatus) ?? "all";
  return (
    <AdminPanel
      firstName={user.firstName}
      previousLoginAt={user.previousLoginAt?.toISOString() ?? null}
      initialTab={tab}
      initialOrderFilter={orderFilter}
    />
  );
}
