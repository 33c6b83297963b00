import { requireVerifiedUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { idempotencyKeyOf, readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { placeOrder } from "@/lib/orders";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { checkoutSchema } from "@/models/order";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireVerifiedUser(request, {
    message: messages.checkout.verificationRequired,
  });
  await limitByAddress({ action: "checkout", request });
  const idempotencyKey = idempotencyKeyOf(request);
  const input = await readJson(request, checkoutSchema);
  await limitByEmail({ action: "checkout", email: user.email });
  const { order, created } = await placeOrder({ userId: user.id, input, idempotencyKey });
  // A retry that finds the order its first attempt placed answers 200 instead of 201.
  return Response.json(
    { order },
    { status: created ? 201 : 200, headers: created ? {} : { "Idempotent-Replayed": "true" } },
  );
});
