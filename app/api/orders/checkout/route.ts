import { requireVerifiedUser } from "@/lib/auth/session";
import { handle } from "@/lib/errors";
import { idempotencyKeyOf, readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { placeOrder } from "@/lib/orders";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { checkoutSchema } from "@/models/order";

export const POST = handle(async (request: Request) => {
  const user = await requireVerifiedUser(request, {
    message: messages.checkout.verificationRequired,
  });
  await limitByAddress({ action: "checkout", request });
  const idempotencyKey = idempotencyKeyOf(request);
  const input = await readJson(request, checkoutSchema);
  await limitByEmail({ action: "checkout", email: user.email });
  const { order, created } = await placeOrder({ userId: user.id, input, idempotencyKey });
  return Response.json(
    { order },
    {
      // A retry that found the order placed by its first attempt answers 200 instead of 201.
      status: created ? 201 : 200,
      headers: {
        "Cache-Control": "private, no-store",
        ...(created ? {} : { "Idempotent-Replayed": "true" }),
      },
    },
  );
});
