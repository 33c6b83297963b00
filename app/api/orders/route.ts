import { requireVerifiedUser } from "@/lib/auth/session";
import { handle } from "@/lib/errors";
import { listOrdersForUser } from "@/lib/orders";

export const GET = handle(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  const orders = await listOrdersForUser({ userId: user.id });
  return Response.json({ orders }, { headers: { "Cache-Control": "private, no-store" } });
});
