import { catalogueResponse, productAnswer } from "@/lib/catalogue";
import { handle, notFound } from "@/lib/errors";
import { messages } from "@/lib/messages";

// Each product's answer is rendered on its first request and then served from Next's cache, like
// the product page, until a write expires its tags. The build has no database: it prerenders only
// this value, which is no product id (a 404 that reads nothing).
export function generateStaticParams() {
  return [{ id: "_" }];
}

export const GET = handle(
  async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
    const answer = await productAnswer({ id: (await params).id });
    if (!answer) throw notFound(messages.api.productNotFound);
    return catalogueResponse(answer);
  },
);
