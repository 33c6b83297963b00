import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { ORDER_STATUSES } from "@/lib/constants";
import { handlePrivate } from "@/lib/errors";
import { readJson } from "@/lib/http";
import { messages } from "@/lib/messages";
import { setOrderStatus } from "@/lib/orders";

// `statusWas` (optional): the status the owner's screen showed; see setOrderStatus.
const bodySchema = z.object(
  {
    status: z.enum(ORDER_STATUSES, { error: messages.admin.invalidStatus }),
    statusWas: z.enum(ORDER_STATUSES, { error: messages.admin.invalidStatusWas }).optional(),
  },
  { error: messages.admin.invalidStatus },
);

export const PATCH = handlePrivate(
  async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
    await requireAdmin(request);
    const { id } = await params;
    const { status, statusWas } = await readJson(request, bodySchema);
    return Response.json({ order: await setOrderStatus({ id, status, statusWas }) });
  },
);
