import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { messages } from "@/lib/messages";
import { clearWishlist } from "@/lib/wishlist";

export const DELETE = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  await clearWishlist({ userId: user.id });
  return Response.json({ message: messages.wishlist.cleared, wishlist: [] });
});
