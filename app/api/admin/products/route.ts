import { requireAdmin } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { idempotencyKeyOf } from "@/lib/http";
import {
  createProduct,
  findCreatedProduct,
  listAdminProducts,
  readProductForm,
  skipProductForm,
} from "@/lib/products";
import type { ProductDto } from "@/models/product";

export const GET = handlePrivate(async (request: Request) => {
  await requireAdmin(request);
  return Response.json({ products: await listAdminProducts() });
});

export const POST = handlePrivate(async (request: Request) => {
  await requireAdmin(request);
  const idempotencyKey = idempotencyKeyOf(request);
  // A create sent again after its answer was lost is answered before its photos are decoded (the
  // costly part): it stores nothing, and the owner's second press never makes a second copy.
  const first = idempotencyKey ? await findCreatedProduct({ idempotencyKey }) : null;
  if (first) {
    await skipProductForm(request);
    return answer(first, { created: false });
  }
  const form = await readProductForm(request, { mode: "create" });
  const { product, created } = await createProduct({ ...form, idempotencyKey });
  return answer(product, { created });
});

/** A create sent again that finds the product its first attempt made answers 200 instead of 201. */
function answer(product: ProductDto, { created }: { created: boolean }) {
  return Response.json(
    { product },
    { status: created ? 201 : 200, headers: created ? {} : { "Idempotent-Replayed": "true" } },
  );
}
