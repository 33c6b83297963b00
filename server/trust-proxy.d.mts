export const TRUST_PROXY_HELP: string;
export function trustedProxyHops(value: string | undefined): number;
export function forwardedForHeader(options: {
  header: string | string[] | undefined;
  socketAddress: string | undefined;
  hops: number;
}): string;
