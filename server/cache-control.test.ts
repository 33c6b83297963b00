import type { IncomingMessage } from "node:http";
import { canonicalProductAddress } from "@/server/cache-control.mjs";

const ID = "f5f930fe-3e8f-467b-8aee-666afa9b0753";

const read = (url: string) => {
  const req = { url } as IncomingMessage;
  canonicalProductAddress(req);
  return req.url;
};

describe("canonicalProductAddress", () => {
  it.each([
    [`/product/${ID.toUpperCase()}`, `/product/${ID}`],
    [`/api/product/${ID.toUpperCase()}`, `/api/product/${ID}`],
    [`/api/product/F5f930fe-3E8F-467b-8aee-666afa9b0753?x=1`, `/api/product/${ID}?x=1`],
    [`/product/%46${ID.slice(1)}`, `/product/${ID}`],
    [`/product/%66${ID.slice(1)}?_rsc=abc`, `/product/${ID}?_rsc=abc`],
  ])("reads %s as %s", (url, canonical) => {
    expect(read(url)).toBe(canonical);
  });

  it.each([
    `/product/${ID}`,
    `/api/product/${ID}`,
    "/product/NOT-AN-ID",
    "/product/%E0%A4%A",
    `/products/${ID.toUpperCase()}`,
    `/api/cart/remove/${ID.toUpperCase()}`,
    `/about?product=${ID.toUpperCase()}`,
  ])("leaves %s as it is", (url) => {
    expect(read(url)).toBe(url);
  });
});
