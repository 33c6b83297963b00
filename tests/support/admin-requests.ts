// Requests for the admin API's route handlers, called directly: multipart product forms and JSON.
import sharp from "sharp";
import { APP, nextAddress } from "@/tests/support/auth-requests";

export type UploadFile = { name: string; data: Buffer | Uint8Array; type?: string };

/** A multipart product form as a browser sends it: text fields, then repeated `images` files. */
export function productFormRequest(
  pathname: string,
  {
    method = "POST",
    token,
    fields = {},
    files = [],
    headers = {},
  }: {
    method?: string;
    token?: string;
    fields?: Record<string, string>;
    files?: UploadFile[];
    headers?: Record<string, string>;
  } = {},
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      "images",
      new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/jpeg" }),
      file.name,
    );
  }
  return new Request(`${APP}${pathname}`, {
    method,
    headers: {
      host: "localhost:3000",
      "x-forwarded-for": nextAddress(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: form,
  });
}

/** A small picture of one colour, in the given format. */
export async function picture({
  width = 60,
  height = 40,
  color = "#c9a45c",
  format = "jpeg",
}: {
  width?: number;
  height?: number;
  color?: string;
  format?: "jpeg" | "png" | "webp" | "avif";
} = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return image.toFormat(format, format === "avif" ? { effort: 0 } : {}).toBuffer();
}

export const validProductFields = (overrides: Record<string, string> = {}) => ({
  name: "Cedar Leaf Gold Studs",
  price: "34.50",
  category: "earrings",
  description: "Handmade cedar leaves in gold.",
  quantity: "12",
  materials: JSON.stringify(["18k gold plated", "sterling silver posts"]),
  ...overrides,
});

/** A product form's body (for a request built elsewhere): the fields and, when asked, one photo. */
export async function productForm(
  fields: Record<string, string>,
  withImage: boolean,
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (withImage) {
    form.append(
      "images",
      new Blob([new Uint8Array(await picture())], { type: "image/jpeg" }),
      "leaf.jpg",
    );
  }
  return form;
}
