import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { listOrdersForUser } from "@/lib/orders";

export const GET = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  return Response.json({ orders: await listOrdersForUser({ userId: user.id }) });
});
