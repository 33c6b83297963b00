import sharp from "sharp";
import { AppError } from "@/lib/errors";
import nextConfig from "@/next.config";
import imageLoader from "@/lib/image-loader";
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
  const refusal = (file: string, query: string) => {
    try {
      parse(file, query);
    } catch (error) {
      return { status: (error as AppError).status, details: (error as AppError).extra.details };
    }
    throw new Error(`${file}?${query} was accepted`);
  };

  it("reads a plain .jpg as the stored original", () => {
    expect(parse(`${ID}.jpg`)).toEqual({ imageId: ID, rendition: null });
    expect(parse(`${ID.toUpperCase()}.JPG`, "blur=0")).toEqual({ imageId: ID, rendition: null });
  });

  it.each([
    ["minimal", `${ID}.jpg`, "w=320&q=50", { width: 320, quality: 50, format: "jpg", blur: false }],
    [
      "minimal, small",
      `${ID}.jpg`,
      "w=64&q=50",
      { width: 64, quality: 50, format: "jpg", blur: false },
    ],
    ["low", `${ID}.webp`, "w=640&q=60", { width: 640, quality: 60, format: "webp", blur: false }],
    [
      "medium",
      `${ID}.webp`,
      "w=960&q=75",
      { width: 960, quality: 75, format: "webp", blur: false },
    ],
    [
      "high",
      `${ID}.WEBP`,
      "w=1920&q=85",
      { width: 1920, quality: 85, format: "webp", blur: false },
    ],
    [
      "the placeholder",
      `${ID}.jpg`,
      "w=64&q=20&blur=1",
      { width: 64, quality: 20, format: "jpg", blur: true },
    ],
    [
      "the link preview",
      `${ID}.jpg`,
      "q=85&w=1280",
      { width: 1280, quality: 85, format: "jpg", blur: false },
    ],
  ])("reads %s", (_name, file, query, rendition) => {
    expect(parse(file, query)).toEqual({ imageId: ID, rendition });
  });

  const WIDTHS = "w must be one of 64, 128, 256, 320, 640, 960, 1280, 1920";
  const QUALITIES = "q must be one of 20, 50, 60, 75, 85";
  it.each([
    [`${ID}.webp`, "", [WIDTHS, QUALITIES]],
    [`${ID}.jpg`, "w=640", [QUALITIES]],
    [`${ID}.jpg`, "q=50", [WIDTHS]],
    [`${ID}.webp`, "w=100&q=60", [WIDTHS]],
    [`${ID}.webp`, "w=640.5&q=60", [WIDTHS]],
    [`${ID}.webp`, "w=0x280&q=60", [WIDTHS]],
    [`${ID}.webp`, "w=&q=60", [WIDTHS]],
    [`${ID}.webp`, "w=6.4e2&q=60", [WIDTHS]],
    [`${ID}.webp`, "w=%20640&q=060", [WIDTHS, QUALITIES]],
    [`${ID}.webp`, "w=640&q=61", [QUALITIES]],
    [`${ID}.webp`, "w=640&q=60&blur=yes", ["blur must be 0 or 1"]],
    [`${ID}.webp`, "w=7&q=7&blur=2", [WIDTHS, QUALITIES, "blur must be 0 or 1"]],
    // Each value allowed alone, but not a rendition any page asks for.
    [`${ID}.webp`, "w=960&q=60", ["q=60 is served as .webp, at most w=640"]],
    [`${ID}.webp`, "w=1920&q=75", ["q=75 is served as .webp, at most w=960"]],
    [`${ID}.jpg`, "w=640&q=60", ["q=60 is served as .webp, at most w=640"]],
    [`${ID}.webp`, "w=320&q=50", ["q=50 is served as .jpg, at most w=320"]],
    [`${ID}.jpg`, "w=640&q=50", ["q=50 is served as .jpg, at most w=320"]],
    [`${ID}.jpg`, "w=640&q=85", ["q=85 is served as .webp, at most w=1920"]],
    [`${ID}.jpg`, "w=64&q=20", ["q=20 is only for w=1280 as .jpg"]],
    [`${ID}.jpg`, "w=640&q=60&blur=1", ["blur=1 is only for w=64&q=20 as .jpg"]],
    [`${ID}.webp`, "w=64&q=20&blur=1", ["blur=1 is only for w=64&q=20 as .jpg"]],
    [`${ID}.jpg`, "w=128&q=20&blur=1", ["blur=1 is only for w=64&q=20 as .jpg"]],
  ])("refuses %s?%s with 400", (file, query, details) => {
    expect(refusal(file, query)).toEqual({ status: 400, details });
  });

  it("names each rendition distinctly", () => {
    const key = (file: string, query: string) => variantKey(parse(file, query).rendition!);
    expect(key(`${ID}.webp`, "w=640&q=60")).toBe("w640-q60.webp");
    expect(key(`${ID}.jpg`, "w=64&q=20&blur=1")).toBe("w64-q20-blur.jpg");
    expect(key(`${ID}.jpg`, "w=1280&q=85")).toBe("w1280-q85.jpg");
  });

  it.each([`${ID}.png`, `${ID}.jpg.exe`, `${ID}`, "logo.jpg", `../${ID}.jpg`, `${ID}.avif`])(
    "answers 404 for the file name %p",
    (file) => {
      expect(() => parse(file)).toThrow(expect.objectContaining({ status: 404 }));
    },
  );

  it("serves every URL next/image can ask the loader for, and nothing wider than a class allows", () => {
    const { deviceSizes = [], imageSizes = [], qualities = [] } = nextConfig.images ?? {};
    const urls = new Set<string>();
    for (const width of [...imageSizes, ...deviceSizes]) {
      for (const quality of qualities) {
        urls.add(imageLoader({ src: `/images/${ID}.jpg`, width, quality }));
      }
    }
    for (const url of urls) {
      const { pathname, searchParams } = new URL(url, "http://shop.test");
      expect(
        parse(pathname.replace("/images/", ""), searchParams.toString()).rendition,
      ).not.toBeNull();
    }
    // Each class: its small sizes and layout widths up to its own width, one format.
    expect(urls.size).toBe(4 + 5 + 6 + 8);
  });
});
