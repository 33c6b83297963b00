import { catalogueResponse, categoryDetails, isCategory, productListAnswer } from "@/lib/catalogue";
import { badRequest, handle } from "@/lib/errors";
import { messages } from "@/lib/messages";

export const GET = handle(
  async (request: Request, { params }: { params: Promise<{ category: string }> }) => {
    const { category } = await params;
    if (!isCategory(category)) throw badRequest(messages.api.invalidCategory, categoryDetails);
    return catalogueResponse(request, await productListAnswer({ category }));
  },
);
