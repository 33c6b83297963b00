import { signOutEverywhere } from "@/lib/accounts";
import { jsonWithSession, requireUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { messages } from "@/lib/messages";

// Ends every session of the signed-in user, this one included: the way out after a lost phone,
// and the only one for an account that signs in with Google alone.
export const POST = handlePrivate(async (request: Request) => {
  const user = await requireUser(request);
  await signOutEverywhere({ user });
  return jsonWithSession({ message: messages.auth.signedOutEverywhere }, { token: null });
});
