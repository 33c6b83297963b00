import { deleteAccount } from "@/lib/accounts";
import {
  isTokenOfDeletedAccount,
  jsonWithSession,
  requireUser,
  tokenFromHeaders,
} from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { limitByAddress, limitByEmail, withHashingShare } from "@/lib/rate-limit";
import { deleteAccountSchema } from "@/models/auth";

export const DELETE = handlePrivate(async (request: Request) => {
  const user = await requireUser(request).catch(async (error: unknown) => {
    // A delete sent again after its first answer was lost: the session is gone with the account,
    // and what was asked is done.
    const source = tokenFromHeaders(request.headers);
    if (!source || !(await isTokenOfDeletedAccount({ token: source.token }))) throw error;
    if (source.via === "cookie") assertSameOrigin(request);
    return null;
  });
  if (!user) return jsonWithSession({ message: messages.deleteAccount.success }, { token: null });
  return withHashingShare(request, async () => {
    await limitByAddress({ action: "passwordCheck", request });
    await limitByEmail({ action: "passwordCheck", email: user.email });
    const { password } = await readJson(request, deleteAccountSchema);
    await deleteAccount({ user, password });
    return jsonWithSession({ message: messages.deleteAccount.success }, { token: null });
  });
});
