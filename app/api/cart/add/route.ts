import { requireVerifiedUser } from "@/lib/auth/session";
import { addCartItem } from "@/lib/cart";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { cartAddSchema } from "@/models/cart";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  const { productId, quantity } = await readJson(request, cartAddSchema);
  const cart = await addCartItem({ userId: user.id, productId, quantity });
  return Response.json({ message: messages.cart.added, ...cart });
});
