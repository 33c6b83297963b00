// A product or category address that names nothing is rendered anew on every request: its 404 is
// not stored (stored, every made-up id would take a place in the cache), and that render costs
// 50–70 ms of CPU against about 1 ms for a stored page. One client asking for made-up ids in a
// loop would keep the server's cores busy. So each client address may be answered
// NOT_FOUND_PER_MINUTE such 404s a minute; past that, its product and category pages answer 429
// with Retry-After until the minute is over.
//
// A 404 is counted once answered, and so is a request its client left before any answer (its render
// goes on). Requests already being rendered would escape that count, so an address may also have at
// most MAX_IN_FLIGHT of these pages in progress at once: far more than a shop's visitor, or a load
// test's connections, ever asks for. Counted in the process's memory: what the limit protects is
// this process's own CPU, and a shared store would cost every page view a round trip.
import { RateLimiterMemory } from "rate-limiter-flexible";
import { NO_CACHE, TOO_MANY_REQUESTS } from "./answers.mjs";

export const NOT_FOUND_PER_MINUTE = 120;
export const MAX_IN_FLIGHT = 256;

/** The pages whose address names a product or a category: rendered on demand when unknown. */
const NAMED_PAGE = /^\/(?:product|category)\//;

const TOO_MANY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  "<title>Too many requests · Lumière</title></head>" +
  '<body style="font-family:system-ui,sans-serif;margin:3rem 1.5rem;color:#2b2622">' +
  `<p>${TOO_MANY_REQUESTS}</p><p><a href="/" style="color:inherit">Lumière</a></p></body></html>`;

/**
 * `guard(req, res, next)`: for a GET of a product or category page, answers 429 if the client's
 * address (`addressOf(req)`) has spent its 404s for the minute, or else calls `next` and counts the
 * answer; returns whether it took the request (false for any other, which the caller hands on).
 */
export function createNotFoundBudget({ addressOf, perMinute = NOT_FOUND_PER_MINUTE }) {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  /** Pages in progress per address; an address leaves the map with its last one. */
  const inFlight = new Map();

  const finished = (address, res) => {
    const left = inFlight.get(address) - 1;
    if (left > 0) inFlight.set(address, left);
    else inFlight.delete(address);
    if (!res.headersSent || res.statusCode === 404) limiter.penalty(address).catch(() => {});
  };

  return function guard(req, res, next) {
    if (req.method !== "GET" || !NAMED_PAGE.test(req.url ?? "")) return false;
    const address = addressOf(req);
    let admitted = false;
    res.once("close", () => {
      if (admitted) finished(address, res);
    });
    limiter.get(address).then(
      (record) => {
        if (res.destroyed) return; // the client left before anything was started for it
        const running = inFlight.get(address) ?? 0;
        if ((record?.consumedPoints ?? 0) >= perMinute || running >= MAX_IN_FLIGHT) {
          answerTooMany(res, record?.msBeforeNext ?? 1000);
          return;
        }
        admitted = true;
        inFlight.set(address, running + 1);
        next();
      },
      () => next(),
    );
    return true;
  };
}

function answerTooMany(res, msBeforeNext) {
  res.writeHead(429, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": NO_CACHE,
    "Retry-After": String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
  });
  res.end(TOO_MANY_PAGE);
}
