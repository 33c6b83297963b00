import { findUserByEmail, logIn, toPublicUser } from "@/lib/accounts";
import { jsonWithSession, trustedDevice } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { countFailedSignIn, limitByAddress, withHashingShare } from "@/lib/rate-limit";
import { loginSchema } from "@/models/auth";

export const POST = handlePrivate(async (request: Request) => {
  assertSameOrigin(request);
  return withHashingShare(request, async () => {
    await limitByAddress({ action: "login", request });
    const body = await readJson(request, loginSchema);
    const found = await findUserByEmail({ email: body.email });
    const device = trustedDevice(request, found);
    const { user, token } = await countFailedSignIn({ email: body.email, device }, () =>
      logIn({ found, password: body.password }),
    );
    return jsonWithSession({ token, user: toPublicUser(user) }, { token, provedBy: user });
  });
});
