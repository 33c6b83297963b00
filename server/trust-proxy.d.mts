export const TRUST_PROXY_HELP: string;
export function trustedProxyHops(value: string | undefined): number;
export function forwardedForHeader(options: {
  header: string | string[] | undefined;
  socketAddress: string | undefined;
  hops: number;
}): string;
export const UNKNOWN_ADDRESS: string;
export function normaliseAddress(raw: string | undefined): string;
export function clientAddressOf(forwardedFor: string | null | undefined, hops: number): string;
