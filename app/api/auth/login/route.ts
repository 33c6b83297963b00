import { logIn, toPublicUser } from "@/lib/accounts";
import { jsonWithSession } from "@/lib/auth/session";
import { handle } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { loginSchema } from "@/models/auth";

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request);
  await limitByAddress({ action: "login", request });
  const body = await readJson(request, loginSchema);
  await limitByEmail({ action: "login", email: body.email });
  const { user, token } = await logIn(body);
  return jsonWithSession({ token, user: toPublicUser(user) }, { token });
});
