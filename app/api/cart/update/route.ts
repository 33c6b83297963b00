import { requireVerifiedUser } from "@/lib/auth/session";
import { updateCartItem } from "@/lib/cart";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { cartUpdateSchema } from "@/models/cart";

export const PUT = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  const { productId, quantity } = await readJson(request, cartUpdateSchema);
  const cart = await updateCartItem({ userId: user.id, productId, quantity });
  return Response.json({ message: messages.cart.updated, ...cart });
});
