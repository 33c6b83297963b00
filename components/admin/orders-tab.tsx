"use client";

import { Eye } from "lucide-react";
import { useMemo, useState } from "react";
import { ADMIN_KEYS, useAdminOrders, type OrderFilter } from "@/components/admin/admin-data";
import {
  Card,
  EmptyState,
  ListSearch,
  SectionTitle,
  StatusBadge,
  outlineButton,
} from "@/components/admin/admin-ui";
import { OrderDetailsDialog } from "@/components/admin/order-details-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useDebounced } from "@/components/ui/use-debounced";
import {
  ADMIN_ORDERS_PAGE,
  MAX_ADMIN_ORDERS,
  ORDER_SEARCH_MAX_LENGTH,
  ORDER_STATUSES,
  PENDING_STATUSES,
} from "@/lib/constants";
import { dollarsToCents, formatDate, formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import { orderStatusLabel } from "@/lib/order-rules";
import { findAdminOrders } from "@/lib/search";
import type { OrderDto } from "@/models/order";

const t = messages.admin;

/** How long the owner's typing pauses before every order is searched. */
const SEARCH_DELAY_MS = 300;

export function OrdersTab({
  status,
  onStatusChange,
}: {
  status: OrderFilter;
  onStatusChange: (status: OrderFilter) => void;
}) {
  // How many of the newest orders are loaded: a page more each time she asks, from one page
  // again when she picks another status.
  const [loadedWindow, setLoadedWindow] = useState({ status, limit: ADMIN_ORDERS_PAGE });
  const limit = loadedWindow.status === status ? loadedWindow.limit : ADMIN_ORDERS_PAGE;
  const list = useAdminOrders(status, { limit });
  const data = list.data?.status === status && list.data.query === "" ? list.data : undefined;
  const loadingOlder = data !== undefined && data.key !== list.key;
  // The order shown in the details window, kept while its new status moves it out of the filter.
  const [open, setOpen] = useState<OrderDto | null>(null);
  const orders = useMemo(() => data?.orders ?? [], [data]);
  // Narrows the list only: the tiles count the loaded list (spec section 2, Admin panel). Past the
  // loaded orders, the server searches them all.
  const [query, setQuery] = useState("");
  const term = query.trim();
  const searchesEverything = data?.more === true && term !== "";
  // At least as many as are loaded: a search never shows fewer matches than the list holds.
  const search = useAdminOrders(status, {
    query: useDebounced(searchesEverything ? term : "", SEARCH_DELAY_MS),
    limit,
  });
  const searched =
    searchesEverything && search.data?.status === status && search.data.query === term
      ? search.data
      : undefined;
  // The server could not search (the network, a refusal): the loaded list's matches stand.
  const searchFailed =
    searchesEverything &&
    searched === undefined &&
    search.error !== undefined &&
    search.key === ADMIN_KEYS.orders(status, { query: term, limit });
  const searching = searchesEverything && searched === undefined && !searchFailed;
  const found = useMemo(
    () => searched?.orders ?? findAdminOrders(orders, query),
    [searched, orders, query],
  );

  const tiles = [
    {
      label: t.pendingTile,
      value: orders.filter((o) => PENDING_STATUSES.includes(o.status)).length,
      tone: "text-amber-700",
    },
    {
      label: t.deliveredTile,
      value: orders.filter((o) => o.status === "delivered").length,
      tone: "text-emerald-700",
    },
    {
      label: t.cancelledTile,
      value: orders.filter((o) => o.status === "cancelled").length,
      tone: "text-red-700",
    },
    { label: t.totalTile, value: orders.length, tone: "text-ink" },
  ];

  return (
    <div>
      <SectionTitle
        action={
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted">{t.statusFilter}</span>
            <select
              value={status}
              onChange={(event) => onStatusChange(event.target.value as OrderFilter)}
              className="border-line text-ink focus:border-gold focus:ring-gold/20 h-10 rounded-full border bg-white ps-4 pe-9 text-sm shadow-xs outline-none focus:ring-3 pointer-coarse:h-11"
            >
              <option value="all">{t.allOrders}</option>
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {orderStatusLabel(value)}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {t.orderManagement}
      </SectionTitle>

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(({ label, value, tone }) => (
          <Card key={label} as="div" className="p-4">
            <dt className="text-muted text-[13px] font-medium">{label}</dt>
            <dd
              className={`mt-1 font-serif text-[1.8rem] leading-none font-semibold lining-nums tabular-nums ${tone}`}
            >
              {data ? value : "–"}
            </dd>
          </Card>
        ))}
      </dl>

      <ListSearch
        label={t.findOrder}
        hint={t.findOrderHint}
        value={query}
        onChange={setQuery}
        maxLength={ORDER_SEARCH_MAX_LENGTH}
      />
      {!data ? (
        <div aria-busy="true" aria-label={t.loading} className="space-y-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      ) : orders.length === 0 ? (
        <EmptyState>{t.noOrders}</EmptyState>
      ) : found.length === 0 ? (
        <EmptyState>{searching ? t.searchingOrders : t.noOrdersMatch(term)}</EmptyState>
      ) : (
        <Card className="overflow-hidden">
          {/* Columns only from a laptop's width: on a tablet held upright their fixed widths left
              the customer no room and pushed View Details out of the row. */}
          <ul className="divide-line divide-y">
            {found.map((order) => (
              <li
                key={order._id}
                className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 px-4 py-3.5 sm:px-5 lg:grid-cols-[10rem_1fr_8rem_7rem_9rem_auto]"
              >
                <div className="min-w-0">
                  <p className="text-ink text-sm font-semibold">{order.orderNumber}</p>
                  <p className="text-muted text-xs lg:hidden">{formatDate(order.createdAt)}</p>
                </div>
                <div className="order-3 min-w-0 lg:order-none">
                  <p dir="auto" className="text-ink truncate text-sm">
                    {order.userId
                      ? t.customerName(order.userId.firstName, order.userId.lastName)
                      : ""}
                  </p>
                  <p className="text-muted truncate text-xs">{order.userId?.email}</p>
                </div>
                <span className="text-muted hidden text-sm lg:block">
                  {formatDate(order.createdAt)}
                </span>
                <span className="text-ink justify-self-end text-sm font-semibold tabular-nums lg:justify-self-start">
                  {formatPrice(dollarsToCents(order.totalAmount))}
                  {/* What the courier collects, for an order paid in pounds. */}
                  {order.currency === "LBP" && (
                    <span className="text-muted block text-xs font-normal">
                      {formatPrice(dollarsToCents(order.totalAmount), "LBP")}
                    </span>
                  )}
                  <span className="text-muted block text-xs font-normal">
                    {t.itemsCount(order.items.reduce((n, item) => n + item.quantity, 0))}
                  </span>
                </span>
                <span className="order-4 justify-self-end lg:order-none lg:justify-self-start">
                  <StatusBadge status={order.status} />
                </span>
                <button
                  type="button"
                  className={`${outlineButton} order-5 col-span-2 h-9 lg:order-none lg:col-span-1`}
                  onClick={() => setOpen(order)}
                >
                  <Eye aria-hidden className="size-4" />
                  {t.viewDetails}
                </button>
              </li>
            ))}
          </ul>
        </Card>
      )}

      {term !== ""
        ? // Below the loaded list's matches while every order is searched (above, with none).
          ((searching && found.length > 0) || searchFailed || searched?.more) && (
            <p role="status" className="text-muted mt-4 text-center text-sm">
              {searching
                ? t.searchingOrders
                : searchFailed
                  ? t.searchFailed
                  : t.moreOrdersMatch(found.length)}
            </p>
          )
        : data?.more && (
            <div className="mt-5 flex flex-col items-center gap-3 text-center">
              <p className="text-muted text-sm">
                {limit < MAX_ADMIN_ORDERS
                  ? t.newestOrdersShown(orders.length)
                  : t.allOrdersShownUpTo(MAX_ADMIN_ORDERS)}
              </p>
              {limit < MAX_ADMIN_ORDERS && (
                <button
                  type="button"
                  className={`${outlineButton} h-10 px-5`}
                  disabled={loadingOlder}
                  aria-busy={loadingOlder}
                  onClick={() =>
                    setLoadedWindow({
                      status,
                      limit: Math.min(limit + ADMIN_ORDERS_PAGE, MAX_ADMIN_ORDERS),
                    })
                  }
                >
                  {loadingOlder ? t.loading : t.showOlderOrders}
                </button>
              )}
            </div>
          )}

      {open && (
        <OrderDetailsDialog
          order={open}
          onClose={() => setOpen(null)}
          // An answer that comes after its window was closed neither reopens it nor replaces the
          // order the owner opened since.
          onUpdated={(updated) =>
            setOpen((shown) => (shown?._id === updated._id ? updated : shown))
          }
        />
      )}
    </div>
  );
}
