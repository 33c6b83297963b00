import { catalogueResponse, productListAnswer } from "@/lib/catalogue";
import { handle } from "@/lib/errors";

// Rendered on its first request and then served from Next's cache until a write expires its tags.
export const GET = handle(async () => catalogueResponse(await productListAnswer()));
