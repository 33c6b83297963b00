import { resetPassword, toPublicUser } from "@/lib/accounts";
import { jsonWithSession } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { forgetFailedSignIns, limitByAddress, withHashingShare } from "@/lib/rate-limit";
import { resetPasswordSchema } from "@/models/auth";

export const POST = handlePrivate(async (request: Request) => {
  assertSameOrigin(request);
  return withHashingShare(request, async () => {
    await limitByAddress({ action: "resetPassword", request });
    const body = await readJson(request, resetPasswordSchema);
    const { user, token } = await resetPassword(body);
    await forgetFailedSignIns({ email: user.email });
    return jsonWithSession(
      { message: messages.auth.passwordResetSuccess, token, user: toPublicUser(user) },
      { token, provedBy: user },
    );
  });
});
