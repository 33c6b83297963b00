import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import {
  ADMIN_ORDERS_PAGE,
  MAX_ADMIN_ORDERS,
  ORDER_SEARCH_MAX_LENGTH,
  ORDER_STATUSES,
} from "@/lib/constants";
import { handlePrivate } from "@/lib/errors";
import { parseInput } from "@/lib/http";
import { messages } from "@/lib/messages";
import { listAdminOrders } from "@/lib/orders";

const querySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: messages.admin.invalidStatus }).optional(),
  limit: z
    .string()
    .regex(/^\d{1,5}$/, { error: messages.admin.invalidOrdersLimit(MAX_ADMIN_ORDERS) })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: messages.admin.invalidOrdersLimit(MAX_ADMIN_ORDERS) })
        .max(MAX_ADMIN_ORDERS, { error: messages.admin.invalidOrdersLimit(MAX_ADMIN_ORDERS) }),
    )
    .default(ADMIN_ORDERS_PAGE),
  q: z
    .string()
    .max(ORDER_SEARCH_MAX_LENGTH, {
      error: messages.admin.orderSearchTooLong(ORDER_SEARCH_MAX_LENGTH),
    })
    .optional(),
});

/** `?status=` (one status), `?limit=` (how many of the newest), `?q=` (search every order). */
export const GET = handlePrivate(async (request: Request) => {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // An empty parameter is as good as none (`?status=` lists every order).
  const given = Object.fromEntries(
    ["status", "limit", "q"].flatMap((name) => {
      const value = params.get(name);
      return value === null || value === "" ? [] : [[name, value]];
    }),
  );
  const { status, limit, q } = parseInput(querySchema, given);
  return Response.json(await listAdminOrders({ status, limit, query: q }));
});
