import { changePassword, toPublicUser } from "@/lib/accounts";
import { jsonWithSession, requireUser, tokenFromHeaders } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { limitByAddress, limitByEmail, withHashingShare } from "@/lib/rate-limit";
import { changePasswordSchema } from "@/models/auth";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireUser(request);
  return withHashingShare(request, async () => {
    await limitByAddress({ action: "passwordCheck", request });
    await limitByEmail({ action: "passwordCheck", email: user.email });
    const body = await readJson(request, changePasswordSchema);
    // requireUser found the user by this token, so there is one.
    const { token } = tokenFromHeaders(request.headers)!;
    const changed = await changePassword({ user, token, ...body });
    return jsonWithSession(
      { message: messages.changePassword.success, token, user: toPublicUser(changed) },
      { token, provedBy: changed },
    );
  });
});
