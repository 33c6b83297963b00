import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { listWishlist } from "@/lib/wishlist";

export const GET = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request);
  return Response.json({ wishlist: await listWishlist({ userId: user.id }) });
});
