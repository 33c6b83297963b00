import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { messages } from "@/lib/messages";
import { removeWishlistItem } from "@/lib/wishlist";

export const DELETE = handlePrivate(
  async (request: Request, { params }: { params: Promise<{ productId: string }> }) => {
    const user = await requireVerifiedUser(request);
    const { productId } = await params;
    const wishlist = await removeWishlistItem({ userId: user.id, productId });
    return Response.json({ message: messages.wishlist.removed, wishlist });
  },
);
