import { requireVerifiedUser } from "@/lib/auth/session";
import { fixCartIssues } from "@/lib/cart";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { fixIssuesSchema } from "@/models/cart";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request, {
    signedOutMessage: messages.cart.fixRequiresLogin,
  });
  const { action } = await readJson(request, fixIssuesSchema);
  return Response.json(await fixCartIssues({ userId: user.id, action }));
});
