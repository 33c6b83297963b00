import { toPublicUser } from "@/lib/accounts";
import { requireUser } from "@/lib/auth/session";
import { handlePrivate } from "@/lib/errors";

export const GET = handlePrivate(async (request: Request) => {
  const user = await requireUser(request);
  return Response.json(
    { user: toPublicUser(user) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});
