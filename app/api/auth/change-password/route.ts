import { changePassword, toPublicUser } from "@/lib/accounts";
import { jsonWithSession, requireUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { changePasswordSchema } from "@/models/auth";

export const POST = handlePrivate(async (request: Request) => {
  const user = await requireUser(request);
  await limitByAddress({ action: "passwordCheck", request });
  await limitByEmail({ action: "passwordCheck", email: user.email });
  const body = await readJson(request, changePasswordSchema);
  const changed = await changePassword({ user, ...body });
  return jsonWithSession(
    {
      message: messages.changePassword.success,
      token: changed.token,
      user: toPublicUser(changed.user),
    },
    { token: changed.token, provedBy: changed.user.email },
  );
});
