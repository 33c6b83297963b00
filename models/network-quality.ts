import { NETWORK_QUALITY, WIDE_SCREEN_MIN_PX } from "@/lib/constants";
import type { ImageQualityClass } from "@/models/image-variants";

/** What the Network Information API (`navigator.connection`) reports; any field may be missing. */
export type ConnectionInfo = {
  effectiveType?: string;
  /** Mbps. */
  downlink?: number;
  /** Milliseconds. */
  rtt?: number;
  saveData?: boolean;
};

export type NetworkQuality = {
  /** False where the browser has no Network Information API (Safari, Firefox). */
  supported: boolean;
  effectiveType: string | null;
  downlink: number | null;
  rtt: number | null;
  saveData: boolean;
  isSlowConnection: boolean;
  quality: ImageQualityClass;
};

type Rule = { effectiveTypes: readonly string[]; downlinkBelow: number; rttAbove?: number };

// A missing value meets no condition.
const meets = ({ effectiveType, downlink, rtt }: ConnectionInfo, rule: Rule) =>
  (effectiveType !== undefined && rule.effectiveTypes.includes(effectiveType)) ||
  (downlink !== undefined && downlink < rule.downlinkBelow) ||
  (rtt !== undefined && rule.rttAbove !== undefined && rtt > rule.rttAbove);

/** The image quality class a connection can afford (spec section 4). */
export function networkQualityClass(connection: ConnectionInfo): ImageQualityClass {
  if (connection.saveData || meets(connection, NETWORK_QUALITY.minimal)) return "minimal";
  if (meets(connection, NETWORK_QUALITY.low)) return "low";
  if (meets(connection, NETWORK_QUALITY.medium)) return "medium";
  return "high";
}

/** Slow enough that a low-quality picture should come first (spec section 4). */
export const isSlowConnection = (connection: ConnectionInfo): boolean =>
  Boolean(connection.saveData) || meets(connection, NETWORK_QUALITY.slow);

export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_SCREEN_MIN_PX}px)`;

const finite = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/**
 * The network quality from `navigator.connection`, or, where the browser has none, a safe guess
 * from the screen: high on a wide screen, medium otherwise, never slow.
 */
export function readNetworkQuality(
  connection: ConnectionInfo | undefined,
  { wideScreen }: { wideScreen: boolean },
): NetworkQuality {
  if (!connection) {
    return {
      supported: false,
      effectiveType: null,
      downlink: null,
      rtt: null,
      saveData: false,
      isSlowConnection: false,
      quality: wideScreen ? "high" : "medium",
    };
  }
  // Only the fields the API defines, read defensively: a browser may report any of them oddly.
  const info: ConnectionInfo = {
    effectiveType:
      typeof connection.effectiveType === "string" ? connection.effectiveType : undefined,
    downlink: finite(connection.downlink),
    rtt: finite(connection.rtt),
    saveData: connection.saveData === true,
  };
  return {
    supported: true,
    effectiveType: info.effectiveType ?? null,
    downlink: info.downlink ?? null,
    rtt: info.rtt ?? null,
    saveData: info.saveData === true,
    isSlowConnection: isSlowConnection(info),
    quality: networkQualityClass(info),
  };
}
