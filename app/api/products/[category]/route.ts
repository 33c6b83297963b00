import {
  CATALOGUE_CACHE_CONTROL,
  categoryDetails,
  isCategory,
  listProductsCached,
} from "@/lib/catalogue";
import { badRequest, handle } from "@/lib/errors";
import { messages } from "@/lib/messages";

export const GET = handle(
  async (_request: Request, { params }: { params: Promise<{ category: string }> }) => {
    const { category } = await params;
    if (!isCategory(category)) throw badRequest(messages.api.invalidCategory, categoryDetails);
    const products = await listProductsCached({ category });
    return Response.json(products, { headers: { "Cache-Control": CATALOGUE_CACHE_CONTROL } });
  },
);
