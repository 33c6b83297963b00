import { CATALOGUE_CACHE_CONTROL, listProductsCached } from "@/lib/catalogue";
import { handle } from "@/lib/errors";

export const GET = handle(async () => {
  const products = await listProductsCached({});
  return Response.json(products, { headers: { "Cache-Control": CATALOGUE_CACHE_CONTROL } });
});
