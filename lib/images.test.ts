import sharp from "sharp";
import { AppError } from "@/lib/errors";
import {
  MAX_UPLOAD_BYTES,
  parseVariantRequest,
  validateImageUpload,
  variantKey,
} from "@/lib/images";

const ID = "3f1c8a52-6a57-4c39-9d7e-2f1d7f6a9b10";

const picture = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 160, b: 80, alpha: 0 } : "#c9a45c",
    },
  });

async function expectRefused(buffer: Buffer, status: number, message: string) {
  const error = await validateImageUpload(buffer).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status, message });
}

describe("validateImageUpload", () => {
  it.each([
    ["JPEG", () => picture(800, 600).jpeg().toBuffer()],
    ["PNG", () => picture(800, 600).png().toBuffer()],
    ["WebP", () => picture(800, 600).webp().toBuffer()],
    ["AVIF", () => picture(800, 600).avif({ effort: 0 }).toBuffer()],
  ])("accepts a %s image and stores it as a JPEG of the same size", async (_name, make) => {
    const result = await validateImageUpload(await make());
    expect(result).toMatchObject({ contentType: "image/jpeg", width: 800, height: 600 });
    expect(await sharp(result.data).metadata()).toMatchObject({
      format: "jpeg",
      width: 800,
      height: 600,
    });
  });

  it("shrinks a large image to fit 2000px, keeping its proportions", async () => {
    const result = await validateImageUpload(await picture(3000, 1500).jpeg().toBuffer());
    expect(result).toMatchObject({ width: 2000, height: 1000 });
  });

  it("flattens transparency onto white", async () => {
    const result = await validateImageUpload(await picture(20, 20, true).png().toBuffer());
    const { data } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(245);
  });

  it.each([
    ["a GIF", () => picture(10, 10).gif().toBuffer()],
    ["a TIFF", () => picture(10, 10).tiff().toBuffer()],
    [
      "an SVG",
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ],
    ["text named like an image", async () => Buffer.from("GIF89a but really just text")],
    ["an empty file", async () => Buffer.alloc(0)],
    ["a truncated JPEG", async () => (await picture(400, 400).jpeg().toBuffer()).subarray(0, 300)],
  ])("refuses %s", async (_name, make) => {
    await expectRefused(await make(), 400, "Unsupported image type. Use JPEG, PNG, WebP or AVIF.");
  });

  it("refuses a file over the size limit before reading it", async () => {
    await expectRefused(Buffer.alloc(MAX_UPLOAD_BYTES + 1), 413, "Image too large");
  });
});

describe("parseVariantRequest", () => {
  const parse = (file: string, query = "") =>
    parseVariantRequest({ file, searchParams: new URLSearchParams(query) });

  it("reads the id, format, width, quality and blur", () => {
    expect(parse(`${ID}.webp`, "w=640&q=60")).toEqual({
      imageId: ID,
      format: "webp",
      width: 640,
      quality: 60,
      blur: false,
    });
    expect(parse(`${ID.toUpperCase()}.JPG`, "w=64&q=20&blur=1")).toEqual({
      imageId: ID,
      format: "jpg",
      width: 64,
      quality: 20,
      blur: true,
    });
  });

  it("defaults to the original size at quality 75", () => {
    expect(parse(`${ID}.jpg`)).toMatchObject({ width: undefined, quality: 75, blur: false });
  });

  it("names each rendition distinctly", () => {
    expect(variantKey(parse(`${ID}.webp`, "w=640&q=60"))).toBe("w640-q60.webp");
    expect(variantKey(parse(`${ID}.jpg`, "w=64&q=20&blur=1"))).toBe("w64-q20-blur.jpg");
    expect(variantKey(parse(`${ID}.jpg`))).toBe("orig-q75.jpg");
  });

  it.each([`${ID}.png`, `${ID}.jpg.exe`, `${ID}`, "logo.jpg", `../${ID}.jpg`])(
    "answers 404 for the file name %p",
    (file) => {
      expect(() => parse(file)).toThrow(expect.objectContaining({ status: 404 }));
    },
  );
});
