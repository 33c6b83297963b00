import { catalogueResponse, categoryDetails, isCategory, productListAnswer } from "@/lib/catalogue";
import { CATEGORIES } from "@/lib/constants";
import { badRequest, handle } from "@/lib/errors";
import { messages } from "@/lib/messages";

// Each category's answer is rendered on its first request and then served from Next's cache until
// a write expires its tags. Anything else answers 400, rendered on every request and never kept.
export function generateStaticParams() {
  return CATEGORIES.map((category) => ({ category }));
}

export const GET = handle(
  async (_request: Request, { params }: { params: Promise<{ category: string }> }) => {
    const { category } = await params;
    if (!isCategory(category)) throw badRequest(messages.api.invalidCategory, categoryDetails);
    return catalogueResponse(await productListAnswer({ category }));
  },
);
