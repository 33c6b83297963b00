import { signUp, toPublicUser } from "@/lib/accounts";
import { jsonWithSession } from "@/lib/auth/session";
import { handle } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { limitByAddress, limitByEmail } from "@/lib/rate-limit";
import { signupSchema } from "@/models/auth";

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request);
  await limitByAddress({ action: "signup", request });
  const body = await readJson(request, signupSchema);
  await limitByEmail({ action: "signup", email: body.email });
  const { user, token } = await signUp(body);
  return jsonWithSession({ token, user: toPublicUser(user) }, { token, status: 201 });
});
