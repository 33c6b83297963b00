import { requireVerifiedUser } from "@/lib/auth/session";
import { clearCart } from "@/lib/cart";
import { handlePrivate } from "@/lib/errors";
import { messages } from "@/lib/messages";

export const DELETE = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  return Response.json({
    message: messages.cart.cleared,
    ...(await clearCart({ userId: user.id })),
  });
});
