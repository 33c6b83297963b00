import { resendVerification } from "@/lib/accounts";
import { requireUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { messages } from "@/lib/messages";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireUser(request);
  await limitByAddress({ action: "resendVerification", request });
  await limitByEmail({ action: "resendVerification", email: user.email });
  await resendVerification({ user });
  return Response.json({ message: messages.verification.resendSuccess });
});
