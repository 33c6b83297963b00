import { requireAdmin } from "@/lib/auth/session";
import { isProductId } from "@/lib/catalogue";
import { handlePrivate, notFound } from "@/lib/errors";
import { idempotencyKeyOf } from "@/lib/http";
import { messages } from "@/lib/messages";
import { deleteProduct, readProductForm, updateProduct } from "@/lib/products";

type Context = { params: Promise<{ id: string }> };

export const PUT = handlePrivate(async (request: Request, { params }: Context) => {
  await requireAdmin(request);
  const { id } = await params;
  // An id that cannot be a product's is answered before the upload is read.
  if (!isProductId(id)) throw notFound(messages.api.productNotFound);
  const idempotencyKey = idempotencyKeyOf(request);
  const form = await readProductForm(request, { mode: "update" });
  return Response.json({ product: await updateProduct({ id, ...form, idempotencyKey }) });
});

export const DELETE = handlePrivate(async (request: Request, { params }: Context) => {
  await requireAdmin(request);
  const { id } = await params;
  await deleteProduct({ id });
  return Response.json({ message: messages.admin.productDeleted });
});
