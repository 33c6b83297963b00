import { requestPasswordReset } from "@/lib/accounts";
import { handlePrivate } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { forgotPasswordSchema } from "@/models/auth";

export const POST = handlePrivate(async (request: Request) => {
  assertSameOrigin(request);
  await limitByAddress({ action: "forgotPassword", request });
  const { email } = await readJson(request, forgotPasswordSchema);
  await limitByEmail({ action: "forgotPassword", email });
  await requestPasswordReset({ email });
  return Response.json({ message: messages.auth.resetPinSent });
});
