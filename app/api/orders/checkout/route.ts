import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { idempotencyKeyOf, idempotentJson, readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { findPlacedOrder, placeOrder } from "@/lib/orders";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { checkoutSchema } from "@/models/order";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request, {
    message: messages.checkout.verificationRequired,
  });
  const idempotencyKey = idempotencyKeyOf(request);
  // A retry of an order already placed is answered before the limits and the body's checks: it
  // places nothing, and a refusal would tell a shopper whose first answer was lost that the order
  // failed, so the next press would place it twice.
  const first = idempotencyKey ? await findPlacedOrder({ userId: user.id, idempotencyKey }) : null;
  if (first) return idempotentJson({ order: first }, { status: 201, replayed: true });
  await limitByAddress({ action: "checkout", request });
  const input = await readJson(request, checkoutSchema);
  await limitByEmail({ action: "checkout", email: user.email });
  const { order, created } = await placeOrder({ userId: user.id, input, idempotencyKey });
  return idempotentJson({ order }, { status: 201, replayed: !created });
});
