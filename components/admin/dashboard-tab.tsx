"use client";

import { AlertTriangle, CheckCircle2, Clock, DollarSign, Package, ShoppingBag } from "lucide-react";
import { Card, EmptyState, StatusBadge } from "@/components/admin/admin-ui";
import { useDashboard } from "@/components/admin/admin-data";
import type { DashboardDto } from "@/models/dashboard";
import { Skeleton } from "@/components/ui/skeleton";
import { dollarsToCents, formatDate, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";

const t = messages.admin;

export function DashboardTab() {
  const { data } = useDashboard();
  if (!data) return <DashboardSkeleton />;
  const { stats } = data;
  const cards = [
    { label: t.totalProducts, value: String(stats.totalProducts), Icon: Package },
    { label: t.totalOrders, value: String(stats.totalOrders), Icon: ShoppingBag },
    { label: t.pendingOrders, value: String(stats.pendingOrders), Icon: Clock },
    { label: t.completedOrders, value: String(stats.completedOrders), Icon: CheckCircle2 },
    {
      label: t.totalRevenue,
      value: formatPrice(dollarsToCents(stats.totalRevenue)),
      Icon: DollarSign,
    },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {cards.map(({ label, value, Icon }, index) => (
          <Card
            key={label}
            as="div"
            className={
              index === cards.length - 1 ? "col-span-2 p-4 sm:p-5 lg:col-span-1" : "p-4 sm:p-5"
            }
          >
            <dt className="text-muted flex items-start justify-between gap-2 text-[13px] leading-snug font-medium">
              {label}
              <Icon aria-hidden className="text-gold-dark size-[18px] shrink-0" />
            </dt>
            <dd className="text-ink mt-2 font-serif text-[1.9rem] leading-none font-semibold lining-nums tabular-nums">
              {value}
            </dd>
          </Card>
        ))}
      </dl>
      {/* Tracks that may shrink: a long product name is cut short, not widening the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <RecentOrders orders={data.recentOrders} />
        <LowStock products={data.lowStockProducts} />
      </div>
    </div>
  );
}

function RecentOrders({ orders }: { orders: DashboardDto["recentOrders"] }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-ink mb-4 font-serif text-xl font-medium">{t.recentOrders}</h2>
      {orders.length === 0 ? (
        <EmptyState>{t.noRecentOrders}</EmptyState>
      ) : (
        <ul className="divide-line divide-y">
          {orders.map((order) => (
            <li key={order._id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-ink truncate text-sm font-semibold">{order.orderNumber}</p>
                <p dir="auto" className="text-muted truncate text-[13px]">
                  {order.userId
                    ? t.customerName(order.userId.firstName, order.userId.lastName)
                    : ""}
                </p>
                <p className="text-muted text-xs">{formatDate(order.createdAt)}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="text-ink text-sm font-semibold tabular-nums">
                  {formatPrice(dollarsToCents(order.totalAmount))}
                </span>
                <StatusBadge status={order.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function LowStock({ products }: { products: DashboardDto["lowStockProducts"] }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-ink mb-4 flex items-center gap-2 font-serif text-xl font-medium">
        <AlertTriangle aria-hidden className="size-5 text-amber-600" />
        {t.lowStockAlert}
      </h2>
      {products.length === 0 ? (
        <EmptyState>{t.noLowStock}</EmptyState>
      ) : (
        <ul className="divide-line divide-y">
          {products.map((product) => (
            <li key={product._id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p dir="auto" className="text-ink line-clamp-2 text-sm font-medium wrap-anywhere">
                  {product.name}
                </p>
                <p className="text-muted text-[13px] tabular-nums">
                  {formatPrice(dollarsToCents(product.price))}
                </p>
              </div>
              <span className="shrink-0 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
                {t.nLeft(product.quantity)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" aria-label={t.loading} className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton
            key={i}
            className={i === 4 ? "col-span-2 h-24 rounded-2xl lg:col-span-1" : "h-24 rounded-2xl"}
          />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Skeleton className="h-72 rounded-2xl" />
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </div>
  );
}
