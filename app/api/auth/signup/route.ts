import { signUp, toPublicUser } from "@/lib/accounts";
import { jsonWithSession } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { limitByAddress, limitByEmail, withHashingShare } from "@/lib/rate-limit";
import { signupSchema } from "@/models/auth";

export const POST = handlePrivate(async (request: Request) => {
  assertSameOrigin(request);
  return withHashingShare(request, async () => {
    await limitByAddress({ action: "signup", request });
    const body = await readJson(request, signupSchema);
    await limitByEmail({ action: "signup", email: body.email });
    const { user, token } = await signUp(body);
    return jsonWithSession(
      { token, user: toPublicUser(user) },
      { token, status: 201, provedBy: user },
    );
  });
});
