import type { IncomingMessage, Server } from "node:http";

export const FIRST_BYTE_MS: number;
export const MAX_CONNECTIONS_PER_ADDRESS: number;
export function limitConnections(
  server: Server,
  options: { perAddress: boolean; max?: number; firstByteMs?: number },
): void;
export function cameOnRefusedConnection(req: IncomingMessage): boolean;
