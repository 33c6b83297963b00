"use client";

// The admin panel's data, read from the admin API with SWR. A failed read is only logged
// (spec section 8): the panel keeps what it last showed.
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { callApi } from "@/lib/api-client";
import { ADMIN_ORDERS_PAGE, type OrderStatus } from "@/lib/constants";
import type { DashboardDto } from "@/models/dashboard";
import type { OrderDto } from "@/models/order";
import type { ProductDto } from "@/models/product";

export const ADMIN_KEYS = {
  stats: "/api/admin/stats",
  products: "/api/admin/products",
  /** One status's orders or all, the newest `limit`, or those a search finds. */
  orders: (status: OrderFilter, { limit, query }: { limit?: number; query?: string } = {}) => {
    const params = new URLSearchParams();
    if (status !== "all") params.set("status", status);
    if (limit !== undefined && limit !== ADMIN_ORDERS_PAGE) params.set("limit", String(limit));
    if (query) params.set("q", query);
    return params.size ? `/api/admin/orders?${params}` : "/api/admin/orders";
  },
} as const;

async function readAdmin<T>(path: string): Promise<T> {
  const result = await callApi<T>(path);
  if (result.ok) return result.data;
  console.error(`Admin request ${path} failed`, result.status, result.error);
  throw new Error(result.error ?? `Request failed (${result.status})`);
}

const options = { revalidateOnFocus: true, keepPreviousData: true } as const;

export const useDashboard = () => useSWR(ADMIN_KEYS.stats, readAdmin<DashboardDto>, options);

export const useAdminProducts = () =>
  useSWR(ADMIN_KEYS.products, readAdmin<{ products: ProductDto[] }>, options);

/** Which orders the orders section lists: one status, or all of them. */
export type OrderFilter = OrderStatus | "all";

/** A list of orders as the admin API answers it, with the address it answers and what it lists. */
export type AdminOrders = {
  orders: OrderDto[];
  more: boolean;
  key: string;
  status: OrderFilter;
  query: string;
};

async function readOrders(key: string): Promise<AdminOrders> {
  const asked = new URLSearchParams(key.split("?")[1]);
  return {
    ...(await readAdmin<{ orders: OrderDto[]; more: boolean }>(key)),
    key,
    status: (asked.get("status") as OrderStatus | null) ?? "all",
    query: asked.get("q") ?? "",
  };
}

/**
 * The newest `limit` orders of `status`, or what `query` finds among all of them (nothing is asked
 * for a blank query). The list last loaded stays while another loads: `data.status` and
 * `data.query` say which list it is, `data.key` which window of it.
 */
export function useAdminOrders(
  status: OrderFilter,
  { limit, query }: { limit?: number; query?: string },
) {
  const key = query === "" ? null : ADMIN_KEYS.orders(status, { limit, query });
  return { key, ...useSWR(key, readOrders, options) };
}

/**
 * After a write (or a refusal that shows the panel was behind): the panel's lists are read again,
 * and the storefront pages this browser keeps for quick navigation are dropped, so the owner who
 * goes to the shop next sees the change at once.
 */
export function useAfterAdminWrite() {
  const { mutate } = useSWRConfig();
  const router = useRouter();
  return useCallback(async () => {
    router.refresh();
    await mutate((key) => typeof key === "string" && key.startsWith("/api/admin/"));
  }, [mutate, router]);
}
