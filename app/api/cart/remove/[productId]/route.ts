import { requireVerifiedUser } from "@/lib/auth/session";
import { removeCartItem } from "@/lib/cart";
import { handlePrivate } from "@/lib/errors";
import { messages } from "@/lib/messages";

export const DELETE = handlePrivate(
  async (request: Request, { params }: { params: Promise<{ productId: string }> }) => {
    const user = await requireVerifiedUser(request);
    const { productId } = await params;
    const cart = await removeCartItem({ userId: user.id, productId });
    return Response.json({ message: messages.cart.removed, ...cart });
  },
);
