import {
  isSlowConnection,
  networkQualityClass,
  readNetworkQuality,
  type ConnectionInfo,
} from "@/models/network-quality";

// A fast connection as Chrome reports it: every rule below changes one field of it.
const fast: ConnectionInfo = { effectiveType: "4g", downlink: 10, rtt: 50, saveData: false };
const on = (change: ConnectionInfo): ConnectionInfo => ({ ...fast, ...change });

describe("networkQualityClass and isSlowConnection", () => {
  it.each([
    // [what, connection, quality, slow]
    ["a fast 4g connection", fast, "high", false],
    ["data saver", on({ saveData: true }), "minimal", true],
    ["slow-2g", on({ effectiveType: "slow-2g" }), "minimal", true],
    ["2g", on({ effectiveType: "2g" }), "low", true],
    ["3g", on({ effectiveType: "3g" }), "medium", false],
    ["4g", on({ effectiveType: "4g" }), "high", false],
    ["an unknown effectiveType", on({ effectiveType: "5g" }), "high", false],
    // downlink 0.25: minimal below it
    ["downlink 0.24", on({ downlink: 0.24 }), "minimal", true],
    ["downlink 0.25", on({ downlink: 0.25 }), "low", true],
    // downlink 0.5: low and slow below it
    ["downlink 0.49", on({ downlink: 0.49 }), "low", true],
    ["downlink 0.5", on({ downlink: 0.5 }), "medium", false],
    // downlink 1.5: medium below it
    ["downlink 1.49", on({ downlink: 1.49 }), "medium", false],
    ["downlink 1.5", on({ downlink: 1.5 }), "high", false],
    ["downlink 0 (offline)", on({ downlink: 0 }), "minimal", true],
    // rtt 800: medium above it
    ["rtt 800", on({ rtt: 800 }), "high", false],
    ["rtt 801", on({ rtt: 801 }), "medium", false],
    // rtt 1000: slow above it
    ["rtt 1000", on({ rtt: 1000 }), "medium", false],
    ["rtt 1001", on({ rtt: 1001 }), "medium", true],
    // rtt 1500: low above it
    ["rtt 1500", on({ rtt: 1500 }), "medium", true],
    ["rtt 1501", on({ rtt: 1501 }), "low", true],
    // The worst condition wins.
    ["3g with downlink 0.2", on({ effectiveType: "3g", downlink: 0.2 }), "minimal", true],
    ["2g with data saver", on({ effectiveType: "2g", saveData: true }), "minimal", true],
    ["4g with rtt 2000", on({ rtt: 2000 }), "low", true],
    // Missing fields meet no condition.
    ["only an effectiveType of 3g", { effectiveType: "3g" }, "medium", false],
    ["only a downlink of 0.3", { downlink: 0.3 }, "low", true],
    ["only an rtt of 1200", { rtt: 1200 }, "medium", true],
    ["no fields at all", {}, "high", false],
  ] as const)("%s: %s, slow %s", (_what, connection, quality, slow) => {
    expect(networkQualityClass(connection)).toBe(quality);
    expect(isSlowConnection(connection)).toBe(slow);
  });
});

describe("readNetworkQuality", () => {
  it("reports the API's values with the class and the slow flag", () => {
    expect(
      readNetworkQuality(
        { effectiveType: "2g", downlink: 0.4, rtt: 1400, saveData: false },
        { wideScreen: true },
      ),
    ).toEqual({
      supported: true,
      effectiveType: "2g",
      downlink: 0.4,
      rtt: 1400,
      saveData: false,
      isSlowConnection: true,
      quality: "low",
    });
  });

  it.each([
    [true, "high"],
    [false, "medium"],
  ] as const)(
    "without the API (Safari, Firefox) guesses from the screen: wide %s gives %s, never slow",
    (wideScreen, quality) => {
      expect(readNetworkQuality(undefined, { wideScreen })).toEqual({
        supported: false,
        effectiveType: null,
        downlink: null,
        rtt: null,
        saveData: false,
        isSlowConnection: false,
        quality,
      });
    },
  );

  it("ignores values that are not what the API defines", () => {
    const odd = { effectiveType: 3, downlink: Number.NaN, rtt: "900", saveData: "yes" };
    expect(readNetworkQuality(odd as unknown as ConnectionInfo, { wideScreen: false })).toEqual({
      supported: true,
      effectiveType: null,
      downlink: null,
      rtt: null,
      saveData: false,
      isSlowConnection: false,
      quality: "high",
    });
  });
});
