import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { ordersOfCustomer } from "@/lib/orders";

export const GET = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  return Response.json(await ordersOfCustomer(user));
});
