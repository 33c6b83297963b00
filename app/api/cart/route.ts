import { requireVerifiedUser } from "@/lib/auth/session";
import { getCart } from "@/lib/cart";
import { handlePrivate } from "@/lib/errors";

export const GET = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  return Response.json(await getCart({ userId: user.id }));
});
