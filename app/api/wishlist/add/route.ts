import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { addWishlistItem } from "@/lib/wishlist";
import { wishlistAddSchema } from "@/models/cart";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request, {
    signedOutMessage: messages.wishlist.loginRequired,
    message: messages.wishlist.verifyRequired,
  });
  const { productId } = await readJson(request, wishlistAddSchema);
  const wishlist = await addWishlistItem({ userId: user.id, productId });
  return Response.json({ message: messages.wishlist.added, wishlist }, { status: 201 });
});
