// Cache-Control for the catalogue's public answers: the API's (lib/catalogue.ts) and the pages,
// both served from Next's cache. Next answers a cached page with
// `s-maxage=<revalidate>, stale-while-revalidate=<expire>`: up to a day on a CDN, although an
// owner's edit expires the page at once here. Those pages are the same for every visitor (Next
// never caches a page that read a cookie or header), so they are publicly cacheable, but briefly:
// a shared cache (CDN, proxy) keeps one for 30 s and may serve it 60 s longer while it asks again;
// browsers always ask again. So a change reaches visitors behind a shared cache within 90 s.
// Every other answer keeps its own header: per-user pages and API answers are `private, no-store`.
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";

const NEXT_CACHED_PAGE = /^s-maxage=\d+(, stale-while-revalidate=\d+)?$/;

/** Rewrites the header of a page served from Next's cache as its head is written. */
export function sharePublicPages(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    const current = this.getHeader("cache-control");
    if (typeof current === "string" && NEXT_CACHED_PAGE.test(current)) {
      this.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    }
    return writeHead.apply(this, args);
  };
}

/** Whether `res` is a page or answer every visitor gets the same (served from Next's cache). */
export function isSharedAnswer(res) {
  const current = res.getHeader("cache-control");
  return (
    typeof current === "string" &&
    (NEXT_CACHED_PAGE.test(current) || current === PUBLIC_CACHE_CONTROL)
  );
}

/**
 * Whether a GET or HEAD may be answered 304 as its shared answer's head is written: the answer
 * names its ETag (the catalogue API's do, lib/catalogue.ts) and the client holds that version.
 * Next serves those answers from its cache without asking the route, so the check is made here.
 */
export function holdsSharedAnswer(req, res) {
  const etag = res.getHeader("etag");
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    typeof etag === "string" &&
    isSharedAnswer(res) &&
    namesEtag(req.headers["if-none-match"], etag)
  );
}

/** Whether an If-None-Match header names this ETag (the weak comparison GET uses, RFC 9110). */
export function namesEtag(ifNoneMatch, etag) {
  if (typeof ifNoneMatch !== "string" || ifNoneMatch === "") return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

const PRODUCT_ADDRESS = /^(\/(?:api\/)?product\/)([^/?#]+)/;
const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Reads a product's page or API address with its id in capitals or percent-encoded as the plain
 * lowercase one (ids are case-blind). Each product then has one page and one answer in the caches;
 * otherwise anyone could fill them, and Redis for a week, with 2^32 spellings of every product.
 */
export function canonicalProductAddress(req) {
  const url = req.url ?? "";
  const match = PRODUCT_ADDRESS.exec(url);
  if (!match || !/[A-F%]/.test(match[2])) return;
  let id;
  try {
    id = decodeURIComponent(match[2]).toLowerCase();
  } catch {
    return; // a malformed path: answered 400 before
  }
  if (PRODUCT_ID.test(id)) req.url = match[1] + id + url.slice(match[0].length);
}
