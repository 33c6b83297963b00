import { requireVerifiedUser } from "@/lib/auth/session";
import { getCart } from "@/lib/cart";
import { handlePrivate } from "@/lib/errors";

export const GET = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  const { stockSummary } = await getCart({ userId: user.id });
  return Response.json({ hasIssues: stockSummary.hasAnyIssues, ...stockSummary });
});
