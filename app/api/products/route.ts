import { connection } from "next/server";
import { catalogueResponse, productListAnswer } from "@/lib/catalogue";
import { handle } from "@/lib/errors";

export const GET = handle(async (request: Request) => {
  // Answered from the cache at request time: the build has no database to read.
  await connection();
  return catalogueResponse(request, await productListAnswer());
});
