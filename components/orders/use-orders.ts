"use client";

// The signed-in customer's orders, read from GET /api/orders with SWR. My Orders lists them; the
// checkout reads them to tell whether the Instagram first-order discount still applies.
import useSWR from "swr";
import { callApi } from "@/lib/api-client";
import type { CustomerOrders } from "@/models/order";

export const ORDERS_KEY = "/api/orders";

/** A failed read, with what the page needs to tell the shopper (spec section 8, Orders). */
export class OrdersLoadError extends Error {
  constructor(
    readonly status: number,
    readonly requiresVerification: boolean,
  ) {
    super(`Orders request failed (${status})`);
  }
}

/** Reads the orders; throws OrdersLoadError when they could not be read. */
export async function fetchOrders(): Promise<CustomerOrders> {
  const result = await callApi<CustomerOrders>(ORDERS_KEY);
  if (result.ok) return result.data;
  throw new OrdersLoadError(result.status, result.requiresVerification);
}

/** The orders, read only while `enabled` (a verified customer); the API client does the retries. */
export function useOrders(enabled: boolean) {
  return useSWR(enabled ? ORDERS_KEY : null, fetchOrders, {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
}
