import { verifyResetPin } from "@/lib/accounts";
import { handlePrivate } from "@/lib/errors";
import { assertSameOrigin, readJson } from "@/lib/http";
import { countFailedPin, limitByAddress } from "@/lib/rate-limit";
import { verifyPinSchema } from "@/models/auth";

export const POST = handlePrivate(async (request: Request) => {
  assertSameOrigin(request);
  await limitByAddress({ action: "verifyResetPin", request });
  const body = await readJson(request, verifyPinSchema);
  return Response.json(await countFailedPin(body, () => verifyResetPin(body)));
});
