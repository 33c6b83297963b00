"use client";

// The admin panel's data, read from the admin API with SWR. A failed read is only logged
// (spec section 8): the panel keeps what it last showed.
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { callApi } from "@/lib/api-client";
import type { OrderStatus } from "@/lib/constants";
import type { DashboardDto } from "@/models/dashboard";
import type { OrderDto } from "@/models/order";
import type { ProductDto } from "@/models/product";

export const ADMIN_KEYS = {
  stats: "/api/admin/stats",
  products: "/api/admin/products",
  orders: (status: OrderStatus | "all") =>
    status === "all" ? "/api/admin/orders" : `/api/admin/orders?status=${status}`,
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

// Another status's list is never shown under the one chosen: it loads afresh.
/** Which orders the orders section lists: one status, or all of them. */
export type OrderFilter = OrderStatus | "all";

export const useAdminOrders = (status: OrderFilter) =>
  useSWR(ADMIN_KEYS.orders(status), readAdmin<{ orders: OrderDto[] }>, {
    ...options,
    keepPreviousData: false,
  });

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
