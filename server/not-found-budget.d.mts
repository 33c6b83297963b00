import type { IncomingMessage, ServerResponse } from "node:http";

export const NOT_FOUND_PER_MINUTE: number;
export const MAX_IN_FLIGHT: number;
export function createNotFoundBudget(options: {
  addressOf: (req: IncomingMessage) => string;
  perMinute?: number;
}): (req: IncomingMessage, res: ServerResponse, next: () => void) => boolean;
