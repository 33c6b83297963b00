import { deleteAccount } from "@/lib/accounts";
import { jsonWithSession, requireUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { deleteAccountSchema } from "@/models/auth";

export const DELETE = handlePrivate(async (request: Request) => {
  const user = await requireUser(request);
  await limitByAddress({ action: "passwordCheck", request });
  await limitByEmail({ action: "passwordCheck", email: user.email });
  const { password } = await readJson(request, deleteAccountSchema);
  await deleteAccount({ user, password });
  return jsonWithSession({ message: messages.deleteAccount.success }, { token: null });
});
