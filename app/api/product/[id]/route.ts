import { CATALOGUE_CACHE_CONTROL, getProductByIdCached } from "@/lib/catalogue";
import { handle, notFound } from "@/lib/errors";
import { messages } from "@/lib/messages";

export const GET = handle(
  async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params;
    const product = await getProductByIdCached({ id });
    if (!product) throw notFound(messages.api.productNotFound);
    return Response.json(product, { headers: { "Cache-Control": CATALOGUE_CACHE_CONTROL } });
  },
);
