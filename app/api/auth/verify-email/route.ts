import { toPublicUser, verifyEmail } from "@/lib/accounts";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { limitByAddress } from "@/lib/rate-limit";
import { verifyEmailSchema } from "@/models/auth";

// No session needed: the link's token is the proof, and it may be opened on another device.
export const POST = handlePrivate(async (request: Request) => {
  await limitByAddress({ action: "verifyEmail", request });
  const { token } = await readJson(request, verifyEmailSchema);
  const user = await verifyEmail({ token });
  return Response.json({ message: messages.verification.success, user: toPublicUser(user) });
});
