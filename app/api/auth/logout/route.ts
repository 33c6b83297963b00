import { jsonWithSession } from "@/lib/auth/session";
import { handle } from "@/lib/errors";
import { assertSameOrigin } from "@/lib/http";
import { messages } from "@/lib/messages";

// Clears the session cookie. A Bearer token is the API client's own to forget.
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request);
  return jsonWithSession({ message: messages.auth.loggedOut }, { token: null });
});
