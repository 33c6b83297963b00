// Rows the order tests start from (products with stock and a picture) and checkout requests
// against the real handler. Customers come from tests/support/users.ts.
import { PATCH as patchStatusHandler } from "@/app/api/admin/orders/[id]/status/route";
import { POST as checkoutHandler } from "@/app/api/orders/checkout/route";
import type { Category } from "@/lib/constants";
import type { Database } from "@/lib/db";
import { productImages, products } from "@/lib/db/schema";
import { jsonRequest, readResponse } from "@/tests/support/auth-requests";

// The smallest valid PNG: the order snapshot only needs the image's id.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export async function createProduct(
  db: Database,
  {
    name = "Cedar Leaf Ring",
    priceCents = 2450,
    quantity = 10,
    category = "rings",
    withImage = true,
  }: {
    name?: string;
    priceCents?: number;
    quantity?: number;
    category?: Category;
    withImage?: boolean;
  } = {},
) {
  const [product] = await db
    .insert(products)
    .values({ name, priceCents, quantity, category })
    .returning();
  let imageId: string | null = null;
  if (withImage) {
    const [image] = await db
      .insert(productImages)
      .values({
        productId: product!.id,
        contentType: "image/png",
        width: 1,
        height: 1,
        data: PIXEL,
      })
      .returning();
    imageId = image!.id;
  }
  return { ...product!, imageId };
}

export const shippingAddress = {
  fullName: "Maya Khoury",
  address: "Bliss Street, Rose Building",
  city: "Beirut",
  area: "Hamra",
  building: "Rose Building",
  floor: "3",
  additionalInfo: "Ring twice",
};

export function checkoutBody(
  items: { productId: string; quantity: number }[],
  overrides: Record<string, unknown> = {},
) {
  return {
    items,
    shippingAddress,
    phoneNumber: "+961 3 123 456",
    notes: "Gift wrap, please",
    currency: "USD",
    ...overrides,
  };
}

/** POST /api/orders/checkout as a customer's browser or API client would send it. */
export async function checkout({
  token,
  body,
  raw,
  idempotencyKey,
  cookie,
  origin,
  address,
}: {
  token?: string;
  body?: unknown;
  raw?: string;
  idempotencyKey?: string;
  cookie?: string;
  origin?: string;
  /** The client's address; each request comes from a new one unless given. */
  address?: string;
}) {
  const request = jsonRequest("/api/orders/checkout", {
    body,
    raw,
    token,
    cookie,
    origin,
    address,
    headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey },
  });
  return readResponse(await checkoutHandler(request));
}

/** PATCH /api/admin/orders/{id}/status as the owner's panel sends it. */
export async function setOrderStatus({
  id,
  status,
  token,
}: {
  id: string;
  status: string;
  token: string;
}) {
  const request = jsonRequest(`/api/admin/orders/${id}/status`, {
    method: "PATCH",
    body: { status },
    token,
  });
  return readResponse(await patchStatusHandler(request, { params: Promise.resolve({ id }) }));
}
