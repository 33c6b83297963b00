import { connection } from "next/server";
import { CATALOGUE_CACHE_CONTROL, listProductsCached } from "@/lib/catalogue";
import { handle } from "@/lib/errors";

export const GET = handle(async () => {
  // Answered from the cache at request time: the build has no database to read.
  await connection();
  const products = await listProductsCached({});
  return Response.json(products, { headers: { "Cache-Control": CATALOGUE_CACHE_CONTROL } });
});
