/**
 * Installs a Map-backed stand-in for the browser's `localStorage` or `sessionStorage` (Jest runs
 * in Node) and returns the Map, to inspect and to clear between tests.
 */
export function installWebStorage(name: "localStorage" | "sessionStorage"): Map<string, string> {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.defineProperty(globalThis, name, { value: storage, configurable: true });
  return items;
}
