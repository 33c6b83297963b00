// Next answers a page that calls notFound() (a product id that names nothing, an unknown category,
// /product without an id) with a 404 whose document has an empty body: the screen is only in the
// page's script data and appears once the scripts have run (vercel/next.js#98954), seconds later on
// a slow phone and never without scripts. Such a document is sent here with the screen's own
// markup in it, taken from a page that renders the same screen the ordinary way
// (app/(shop)/not-found-screen/[kind]); the scripts then draw the screen over it as before (for
// this document Next renders the page afresh, and React empties the body it takes over).
import http from "node:http";
import { randomUUID } from "node:crypto";
import { pathOf, servedAsNotFound } from "./answers.mjs";

/** Where the screens are rendered; visitors asking for it get the shop's 404. */
export const SCREEN_PATH = "/not-found-screen";
export const NOT_FOUND_KINDS = ["page", "product", "product-id"];

const INTERNAL_HEADER = "x-lumiere-screen";
/** How long after asking for the screens a 404 that finds one missing asks again. */
const RETRY_MS = 10_000;
const ERROR_DOCUMENT = '<!DOCTYPE html><html id="__next_error__"><head>';
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;
const SCRIPT_PRELOAD = /<link\b[^>]*\bas="script"[^>]*\/?>/g;

/** Whether a page's body is Next's empty 404 document: read from its first bytes only. */
const isEmptyNotFound = (body) =>
  (typeof body === "string"
    ? body.slice(0, ERROR_DOCUMENT.length)
    : body.toString("utf8", 0, ERROR_DOCUMENT.length)) === ERROR_DOCUMENT;

/** Which screen a page's notFound() shows, by its address. */
export function notFoundKindOf(path) {
  if (/^\/product\/?$/.test(path)) return "product-id";
  if (path.startsWith("/product/")) return "product";
  return "page";
}

/**
 * The parts of a rendered screen page that a scriptless document needs: the root's attributes
 * (language, font), the head without scripts (viewport, title, stylesheet), the body's attributes
 * and its markup without scripts. Null for anything but a whole page.
 */
export function screenParts(html) {
  const root =
    /^<!DOCTYPE html><html([^>]*)><head>([\s\S]*?)<\/head><body([^>]*)>([\s\S]*)<\/body><\/html>$/i.exec(
      html,
    );
  if (!root || /\bid=/.test(root[1])) return null;
  return {
    htmlAttributes: root[1],
    head: root[2].replace(SCRIPT, "").replace(SCRIPT_PRELOAD, ""),
    bodyAttributes: root[3],
    body: root[4].replace(SCRIPT, ""),
  };
}

/** Next's empty 404 document with the screen's markup in it; any other document as it was. */
export function dressedNotFound(html, parts) {
  if (!parts || !html.startsWith(ERROR_DOCUMENT)) return html;
  const body = html.indexOf("<body>", ERROR_DOCUMENT.length);
  if (body === -1) return html;
  return (
    `<!DOCTYPE html><html id="__next_error__"${parts.htmlAttributes}><head>${parts.head}` +
    html.slice(ERROR_DOCUMENT.length, body) +
    `<body${parts.bodyAttributes}>${parts.body}` +
    html.slice(body + "<body>".length)
  );
}

/**
 * The screens of one server (`port`): `hide(req)` sends a visitor's request for their address to
 * the shop's 404, `warm()` renders them (again, for any missing), and `dress(req, body)` returns a
 * 404 page's body with its screen put in, or null for a body that is no empty 404 document, or
 * while its screen is not ready.
 */
export function createNotFoundPages({ port }) {
  const token = randomUUID();
  const screens = new Map();
  let warming = null;
  let triedAt = 0;

  const fetchScreen = (kind) =>
    new Promise((resolve) => {
      const request = http.get(
        {
          host: "127.0.0.1",
          port,
          path: `${SCREEN_PATH}/${kind}`,
          headers: { [INTERNAL_HEADER]: token, "accept-encoding": "identity" },
          timeout: 10_000,
        },
        (answer) => {
          const chunks = [];
          answer.on("data", (chunk) => chunks.push(chunk));
          answer.on("end", () => {
            const parts =
              answer.statusCode === 200 ? screenParts(Buffer.concat(chunks).toString()) : null;
            if (parts) screens.set(kind, parts);
            resolve();
          });
          answer.on("error", () => resolve());
        },
      );
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve());
    });

  const warm = () => {
    triedAt = Date.now();
    warming ??= Promise.all(
      NOT_FOUND_KINDS.filter((kind) => !screens.has(kind)).map(fetchScreen),
    ).finally(() => {
      warming = null;
    });
    return warming;
  };

  return {
    hide(req) {
      const own = req.headers[INTERNAL_HEADER] === token;
      delete req.headers[INTERNAL_HEADER];
      if (own) return;
      const path = pathOf(req);
      let decoded;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        return; // a malformed path, answered 400
      }
      if (decoded !== SCREEN_PATH && !decoded.startsWith(`${SCREEN_PATH}/`)) return;
      servedAsNotFound(req, path);
    },
    warm,
    dress(req, body) {
      if (!isEmptyNotFound(body)) return null;
      const parts = screens.get(notFoundKindOf(pathOf(req)));
      if (!parts) {
        // Asked again at most every RETRY_MS: a 404 should not cost three page renders each time.
        if (Date.now() - triedAt >= RETRY_MS) void warm();
        return null;
      }
      return Buffer.from(dressedNotFound(body.toString(), parts));
    },
  };
}
