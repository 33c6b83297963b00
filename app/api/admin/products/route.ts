import { requireAdmin } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { idempotencyKeyOf, idempotentJson } from "@/lib/http";
import {
  createProduct,
  findCreatedProduct,
  listAdminProducts,
  readProductForm,
  skipProductForm,
} from "@/lib/products";

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
    return idempotentJson({ product: first }, { status: 201, replayed: true });
  }
  const form = await readProductForm(request, { mode: "create" });
  const { product, created } = await createProduct({ ...form, idempotencyKey });
  return idempotentJson({ product }, { status: 201, replayed: !created });
});
