import { requireAdmin } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { createProduct, listAdminProducts, readProductForm } from "@/lib/products";

export const GET = handlePrivate(async (request: Request) => {
  await requireAdmin(request);
  return Response.json({ products: await listAdminProducts() });
});

export const POST = handlePrivate(async (request: Request) => {
  await requireAdmin(request);
  const form = await readProductForm(request, { mode: "create" });
  return Response.json({ product: await createProduct(form) }, { status: 201 });
});
