// One way to raise a shop notification (spec section 3, Notification): a type, a message and an
// optional title. Call from client components only.
import { toast } from "sonner";

export type NotificationType = "success" | "error" | "warning" | "info";

export function notify({
  type,
  message,
  title,
  duration,
}: {
  type: NotificationType;
  message: string;
  title?: string;
  duration?: number;
}) {
  const show = toast[type];
  return title ? show(title, { description: message, duration }) : show(message, { duration });
}
