import { requireAdmin } from "@/lib/auth/session";
import { getDashboard } from "@/lib/dashboard";
import { handlePrivate } from "@/lib/errors";

export const GET = handlePrivate(async (request: Request) => {
  await requireAdmin(request);
  return Response.json(await getDashboard());
});
