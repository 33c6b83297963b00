import { z } from "zod";
import { CATEGORIES, MAX_PRODUCT_IMAGES, type Category } from "@/lib/constants";
import { formatPrice } from "@/lib/format";
import { messages } from "@/lib/messages";
import { showsSomething } from "@/models/text";

/** A product as the API and the storefront show it (spec section 3). */
export type ProductDto = {
  _id: string;
  id: string;
  name: string;
  /** Dollars, two decimals (stored as integer cents). */
  price: number;
  category: Category;
  description: string;
  quantity: number;
  materials: string[];
  /** Image paths served by our image route, e.g. "/images/<uuid>.jpg". */
  images: string[];
};

/** A product as the admin list shows it: the storefront's fields and when it was last changed. */
export type AdminProductDto = ProductDto & { createdAt: string; updatedAt: string };

const a = messages.admin;

export const PRODUCT_LIMITS = {
  name: 200,
  description: 5000,
  material: 100,
  materials: 20,
  priceCents: 100_000_00,
  quantity: 100_000,
} as const;

// Text the database or a screen would mishandle: NUL and the other C0/C1 controls, and lone UTF-16
// surrogates (a materials list is JSON, which can spell one). The description keeps its line
// breaks and tabs.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;

const text = (pattern: RegExp) =>
  z.string().refine((value) => !pattern.test(value), { error: a.invalidCharacters });

const numberText = (required: string) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, { error: required }));

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
/** A decimal with nothing but zeros after its point: read from the text, which a float would round. */
const WHOLE = /^[+-]?\d*(\.0*)?$/;

/** Dollars as typed ("12.5", "0.99") to integer cents: no float ever holds the money. */
export const priceField = numberText(a.priceRequired).transform((value, ctx) => {
  const problem = !DECIMAL.test(value)
    ? a.priceNumeric
    : value.startsWith("-") && Number(value) !== 0
      ? a.priceNegative
      : !/^[+-]?\d*(\.\d{0,2})?$/.test(value)
        ? a.priceDecimals
        : null;
  if (problem) {
    ctx.issues.push({ code: "custom", message: problem, input: value });
    return z.NEVER;
  }
  const [whole = "", fraction = ""] = value.replace(/^[+-]/, "").split(".");
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > PRODUCT_LIMITS.priceCents) {
    ctx.issues.push({
      code: "custom",
      message: a.priceTooHigh(formatPrice(PRODUCT_LIMITS.priceCents)),
      input: value,
    });
    return z.NEVER;
  }
  return cents;
});

export const quantityField = numberText(a.quantityRequired).transform((value, ctx) => {
  const problem = !DECIMAL.test(value)
    ? a.quantityWhole
    : Number(value) < 0
      ? a.quantityNegative
      : !WHOLE.test(value)
        ? a.quantityWhole
        : Number(value) > PRODUCT_LIMITS.quantity
          ? a.quantityTooHigh(PRODUCT_LIMITS.quantity)
          : null;
  if (problem) {
    ctx.issues.push({ code: "custom", message: problem, input: value });
    return z.NEVER;
  }
  return Number(value);
});

/** The materials with `draft` added, trimmed: a blank or a repeat (in any case) adds nothing. */
export function withMaterial(materials: string[], draft: string): string[] {
  const material = draft.trim();
  if (!showsSomething(material)) return materials;
  if (materials.some((m) => m.toLowerCase() === material.toLowerCase())) return materials;
  return [...materials, material];
}

/** Materials trimmed, blanks and repeats (in any case) dropped, as the form adds them. */
export const materialsField = z
  .array(
    text(CONTROL)
      .transform((material) => material.trim())
      .pipe(
        z
          .string()
          .max(PRODUCT_LIMITS.material, { error: a.materialTooLong(PRODUCT_LIMITS.material) }),
      ),
    { error: a.materialsInvalid },
  )
  .transform((materials) => materials.reduce(withMaterial, []))
  .pipe(
    z
      .array(z.string())
      .max(PRODUCT_LIMITS.materials, { error: a.tooManyMaterials(PRODUCT_LIMITS.materials) }),
  );

/**
 * The product form's fields (spec section 5), shared by the admin form (react-hook-form) and the
 * admin API, which reads them from multipart text. Images are checked apart: they are files.
 */
export const productFieldsSchema = z.object({
  name: z
    .string({ error: a.nameRequired })
    .pipe(text(CONTROL))
    .transform((name) => name.trim())
    .pipe(
      z
        .string()
        .refine(showsSomething, { error: a.nameRequired, abort: true })
        .max(PRODUCT_LIMITS.name, { error: a.nameTooLong(PRODUCT_LIMITS.name) }),
    ),
  price: priceField,
  category: z.enum(CATEGORIES, { error: a.categoryInvalid }),
  description: z
    .string()
    .optional()
    // Forms send line breaks as CRLF.
    .transform((description) => (description ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(
      text(CONTROL_EXCEPT_LINES).pipe(
        z.string().max(PRODUCT_LIMITS.description, {
          error: a.descriptionTooLong(PRODUCT_LIMITS.description),
        }),
      ),
    ),
  quantity: quantityField,
  materials: materialsField.optional().transform((materials) => materials ?? []),
});
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;
export type ProductFields = z.output<typeof productFieldsSchema>;

/** The fields another save may change while an edit form is open (the stock has `quantityWas`). */
export const EDITED_FIELDS = ["name", "price", "category", "description", "materials"] as const;
export type EditedField = (typeof EDITED_FIELDS)[number];

/**
 * An edit's `was` (admin API, JSON text): the product's fields as its form was opened, the price
 * in dollars as text ("34.50"). Fields the form left as they were keep what another save made of
 * them meanwhile (see updateProduct).
 */
export const productWasSchema = productFieldsSchema
  .pick({ name: true, price: true, category: true, description: true, materials: true })
  .extend({
    // The photos it was opened with, as `imageOrder` names them: with `imageOrder`, a photo another
    // save added meanwhile is kept and one it removed stays removed.
    images: z.array(z.string().max(300)).max(MAX_PRODUCT_IMAGES).optional(),
  });
export type ProductWas = z.output<typeof productWasSchema>;

export type ProductFormField = keyof ProductFieldsInput | "images";

const FIELD_OF_MESSAGE = new Map<string, ProductFormField>([
  [a.nameRequired, "name"],
  [a.nameTooLong(PRODUCT_LIMITS.name), "name"],
  [a.invalidCharacters, "name"],
  [a.priceRequired, "price"],
  [a.priceNumeric, "price"],
  [a.priceNegative, "price"],
  [a.priceDecimals, "price"],
  [a.priceTooHigh(formatPrice(PRODUCT_LIMITS.priceCents)), "price"],
  [a.quantityRequired, "quantity"],
  [a.quantityWhole, "quantity"],
  [a.quantityNegative, "quantity"],
  [a.quantityTooHigh(PRODUCT_LIMITS.quantity), "quantity"],
  [a.categoryInvalid, "category"],
  [a.descriptionTooLong(PRODUCT_LIMITS.description), "description"],
  [a.materialsInvalid, "materials"],
  [a.materialTooLong(PRODUCT_LIMITS.material), "materials"],
  [a.tooManyMaterials(PRODUCT_LIMITS.materials), "materials"],
]);

/**
 * The form field a message of the product API is about, so the form shows the server's refusal
 * on the field itself. Anything else the product API refuses concerns the images.
 */
export const productFieldOfMessage = (message: string): ProductFormField =>
  FIELD_OF_MESSAGE.get(message) ?? "images";
