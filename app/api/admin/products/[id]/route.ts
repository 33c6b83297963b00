import { requireAdmin } from "@/lib/auth/session";
import { isProductId } from "@/lib/catalogue";
import { handlePrivate, notFound } from "@/lib/errors";
import { idempotencyKeyOf, idempotentJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import {
  deleteProduct,
  findEditedProduct,
  readProductForm,
  skipProductForm,
  updateProduct,
} from "@/lib/products";

type Context = { params: Promise<{ id: string }> };

export const PUT = handlePrivate(async (request: Request, { params }: Context) => {
  await requireAdmin(request);
  const { id } = await params;
  // An id that cannot be a product's is answered before the upload is read.
  if (!isProductId(id)) throw notFound(messages.api.productNotFound);
  const idempotencyKey = idempotencyKeyOf(request);
  // A save sent again after its answer was lost is answered before its photos are decoded: the
  // first one made the change.
  const edited = idempotencyKey ? await findEditedProduct({ id, idempotencyKey }) : null;
  if (edited) {
    await skipProductForm(request);
    return idempotentJson({ product: edited }, { status: 200, replayed: true });
  }
  const form = await readProductForm(request, { mode: "update" });
  const { product, replayed } = await updateProduct({ id, ...form, idempotencyKey });
  return idempotentJson({ product }, { status: 200, replayed });
});

export const DELETE = handlePrivate(async (request: Request, { params }: Context) => {
  await requireAdmin(request);
  const { id } = await params;
  await deleteProduct({ id });
  return Response.json({ message: messages.admin.productDeleted });
});
