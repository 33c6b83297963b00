import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { ORDER_STATUSES } from "@/lib/constants";
import { handlePrivate } from "@/lib/errors";
import { parseInput } from "@/lib/http";
import { messages } from "@/lib/messages";
import { listAdminOrders } from "@/lib/orders";

const querySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: messages.admin.invalidStatus }).optional(),
});

export const GET = handlePrivate(async (request: Request) => {
  await requireAdmin(request);
  const status = new URL(request.url).searchParams.get("status");
  const query = parseInput(querySchema, status === null || status === "" ? {} : { status });
  return Response.json({ orders: await listAdminOrders(query) });
});
