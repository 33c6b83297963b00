import { endSession, jsonWithSession, tokenFromHeaders } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { assertSameOrigin } from "@/lib/http";
import { messages } from "@/lib/messages";

// Ends the session the request carries (cookie or Bearer token) on the server and clears the cookie.
export const POST = handlePrivate(async (request: Request) => {
  assertSameOrigin(request);
  const source = tokenFromHeaders(request.headers);
  if (source) await endSession({ token: source.token });
  return jsonWithSession({ message: messages.auth.loggedOut }, { token: null });
});
