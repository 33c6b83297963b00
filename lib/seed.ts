import "server-only";
import { count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "@/lib/auth/password";
import { MIN_PASSWORD_LENGTH, SAMPLE_ADMIN } from "@/lib/constants";
import type { Database } from "@/lib/db";
import { productImages, products, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { PRODUCT_IMAGE_SIDE, renderProductImage } from "@/lib/seed/artwork";
import { SAMPLE_PRODUCTS } from "@/lib/seed/sample-products";

type Log = (message: string) => void;

/**
 * What a new shop starts with: the sample catalogue (only into an empty catalogue), the admin from
 * ADMIN_EMAIL and ADMIN_PASSWORD when both are set, and outside production the sample admin that
 * `npm run dev` prints. Safe to run again: nothing is duplicated.
 */
export async function seedSampleCatalogue(
  db: Database,
  {
    sampleAdmin = env().NODE_ENV !== "production",
    log = console.log,
  }: { sampleAdmin?: boolean; log?: Log } = {},
) {
  await seedProducts(db, { log });
  await seedAdmins(db, { sampleAdmin, log });
}

/** The sample products with their generated pictures, unless the shop already has products. */
export async function seedProducts(db: Database, { log = console.log }: { log?: Log } = {}) {
  const [existing] = await db.select({ n: count() }).from(products);
  if (existing && existing.n > 0) {
    log(`Catalogue already has ${existing.n} products: sample catalogue not added.`);
    return { products: 0, images: 0 };
  }
  const started = Date.now();
  // Rendered before the transaction, all at once: sharp works on its own threads.
  const pictures = await Promise.all(
    SAMPLE_PRODUCTS.map((product, i) =>
      Promise.all(
        Array.from({ length: product.images }, (_, index) =>
          renderProductImage({ ...product.look, category: product.category, seed: i + 1 }, index),
        ),
      ),
    ),
  );

  const imageCount = await db.transaction(async (tx) => {
    // Another process may have seeded meanwhile; the lock makes the check and the insert one step.
    await tx.execute(sql`lock table ${products} in share row exclusive mode`);
    const [again] = await tx.select({ n: count() }).from(products);
    if (again && again.n > 0) return 0;
    const inserted = await tx
      .insert(products)
      .values(
        SAMPLE_PRODUCTS.map((p) => ({
          name: p.name,
          priceCents: p.priceCents,
          category: p.category,
          description: p.description,
          quantity: p.quantity,
          materials: p.materials,
        })),
      )
      .returning({ id: products.id, name: products.name });
    const idByName = new Map(inserted.map((row) => [row.name, row.id]));
    const images = SAMPLE_PRODUCTS.flatMap((product, i) =>
      pictures[i]!.map((data, position) => ({
        productId: idByName.get(product.name)!,
        position,
        contentType: "image/jpeg",
        width: PRODUCT_IMAGE_SIDE,
        height: PRODUCT_IMAGE_SIDE,
        data,
      })),
    );
    // A few rows per statement keeps each message small.
    for (let i = 0; i < images.length; i += 12) {
      await tx.insert(productImages).values(images.slice(i, i + 12));
    }
    return images.length;
  });
  if (imageCount === 0) return { products: 0, images: 0 };
  log(
    `Sample catalogue added: ${SAMPLE_PRODUCTS.length} products, ${imageCount} images ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
  return { products: SAMPLE_PRODUCTS.length, images: imageCount };
}

/** The env admin (ADMIN_EMAIL, ADMIN_PASSWORD) and, when asked, the sample admin. */
export async function seedAdmins(
  db: Database,
  { sampleAdmin = false, log = console.log }: { sampleAdmin?: boolean; log?: Log } = {},
) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = adminFromEnv();
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    if (!z.email().safeParse(ADMIN_EMAIL).success) {
      log("ADMIN_EMAIL is not a valid email address: no admin created from it.");
    } else if (ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
      log(`ADMIN_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH} characters: no admin created.`);
    } else {
      const outcome = await upsertAdmin(db, {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
        firstName: "Shop",
        lastName: "Owner",
      });
      log(`Admin ${ADMIN_EMAIL} ${outcome}.`);
    }
  }
  if (sampleAdmin) {
    const outcome = await upsertAdmin(db, SAMPLE_ADMIN, { keepPassword: true });
    log(`Sample admin ${SAMPLE_ADMIN.email} ${outcome}.`);
  }
}

// Read when seeding, not at start-up: only seeding uses them.
function adminFromEnv() {
  const email = process.env.ADMIN_EMAIL?.trim();
  const password = process.env.ADMIN_PASSWORD;
  return { ADMIN_EMAIL: email || undefined, ADMIN_PASSWORD: password || undefined };
}

/** Creates a verified admin, or makes the account with that email one (and sets its password). */
export async function upsertAdmin(
  db: Database,
  admin: { email: string; password: string; firstName: string; lastName: string },
  { keepPassword = false } = {},
): Promise<"created" | "updated"> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, admin.email.toLowerCase()));
  if (existing) {
    await db
      .update(users)
      .set({
        isAdmin: true,
        isEmailVerified: true,
        updatedAt: new Date(),
        ...(keepPassword ? {} : { passwordHash: await hashPassword(admin.password) }),
      })
      .where(eq(users.id, existing.id));
    return "updated";
  }
  await db.insert(users).values({
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    firstName: admin.firstName,
    lastName: admin.lastName,
    isAdmin: true,
    isEmailVerified: true,
  });
  return "created";
}

/** `npm run user:promote`: makes an existing account an admin. False when there is none. */
export async function promoteUser(db: Database, { email }: { email: string }) {
  const promoted = await db
    .update(users)
    .set({ isAdmin: true, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return promoted.length > 0;
}
