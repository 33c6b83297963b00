"use client";

import useSWR from "swr";
import { callApi } from "@/lib/api-client";
import type { ProductDto } from "@/models/product";

/** The catalogue API's answer that the product does not exist (any more). */
export class ProductGoneError extends Error {}

async function fetchProduct(path: string): Promise<ProductDto> {
  const result = await callApi<ProductDto>(path);
  if (result.ok) return result.data;
  if (result.status === 404) throw new ProductGoneError(path);
  throw new Error(result.error ?? `GET ${path} failed (${result.status || "network"})`);
}

/**
 * One product as the public catalogue API serves it now (current price and stock), shared by every
 * window that shows it. `gone` is true once the API answered that it no longer exists.
 */
export function useProduct(id: string | null) {
  const { data, error, isLoading } = useSWR(
    id ? `/api/product/${encodeURIComponent(id)}` : null,
    fetchProduct,
    {
      revalidateOnFocus: false,
      // The API client already retried network errors and 5xx; a missing product stays missing.
      shouldRetryOnError: false,
    },
  );
  return { product: data, gone: error instanceof ProductGoneError, failed: !!error, isLoading };
}
