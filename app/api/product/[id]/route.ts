import { catalogueResponse, productAnswer } from "@/lib/catalogue";
import { handle, notFound } from "@/lib/errors";
import { messages } from "@/lib/messages";

export const GET = handle(
  async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
    const answer = await productAnswer({ id: (await params).id });
    if (!answer) throw notFound(messages.api.productNotFound);
    return catalogueResponse(request, answer);
  },
);
