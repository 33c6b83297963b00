import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { verifyPassword } from "@/lib/auth/password";
import { listProducts } from "@/lib/catalogue";
import { CATEGORIES, SAMPLE_ADMIN } from "@/lib/constants";
import { productImages, products, users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { promoteUser, seedSampleCatalogue } from "@/lib/seed";
import { describeEachDatabase } from "@/tests/support/databases";

const OWNER = { email: "owner@lumiere.example", password: "owner-password-1" };

function withEnv(values: Record<string, string | undefined>) {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (next: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  };
  apply(values);
  return () => apply(saved);
}

describeEachDatabase("sample catalogue seed", ({ db }) => {
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = withEnv({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
    await seedSampleCatalogue(db(), { log });
  }, 120_000);

  afterAll(() => restoreEnv());

  const userByEmail = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email)))[0];

  it("adds at least six products to every category", async () => {
    for (const category of CATEGORIES) {
      expect((await listProducts({ category })).length).toBeGreaterThanOrEqual(6);
    }
    expect(
      logs.some((line) => /^Sample catalogue added: \d+ products, \d+ images/.test(line)),
    ).toBe(true);
  });

  it("has sold-out, last-one, low and plentiful stock", async () => {
    const quantities = (await listProducts()).map((p) => p.quantity);
    expect(quantities).toContain(0);
    expect(quantities).toContain(1);
    expect(quantities.some((q) => q >= 2 && q <= 5)).toBe(true);
    expect(quantities.some((q) => q > 5)).toBe(true);
  });

  it("gives every product a name, a price in cents, a description, materials and 2-4 images", async () => {
    for (const product of await listProducts()) {
      expect(product.name.length).toBeGreaterThan(3);
      expect(product.price).toBeGreaterThan(0);
      expect(Math.round(product.price * 100)).toBe(product.price * 100);
      expect(product.description.split(". ").length).toBeGreaterThanOrEqual(2);
      expect(product.materials.length).toBeGreaterThan(0);
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(4);
    }
  });

  it("stores distinct 1200x1200 JPEG pictures for each product", async () => {
    const [product] = await listProducts({ category: "rings" });
    const images = await db()
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product!.id))
      .orderBy(productImages.position);
    expect(images.map((image) => image.position)).toEqual(images.map((_, i) => i));
    for (const image of images) {
      expect(image).toMatchObject({ contentType: "image/jpeg", width: 1200, height: 1200 });
      expect(await sharp(image.data).metadata()).toMatchObject({
        format: "jpeg",
        width: 1200,
        height: 1200,
      });
    }
    const distinct = new Set(images.map((image) => image.data.toString("base64")));
    expect(distinct.size).toBe(images.length);
    // Not a flat box: the picture has real tonal range.
    const stats = await sharp(images[0]!.data).stats();
    expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(100);
  });

  it("creates a verified admin from ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    const owner = await userByEmail(OWNER.email);
    expect(owner).toMatchObject({ isAdmin: true, isEmailVerified: true });
    expect(await verifyPassword(OWNER.password, owner!.passwordHash)).toBe(true);
  });

  it("creates the sample admin outside production", async () => {
    const admin = await userByEmail(SAMPLE_ADMIN.email);
    expect(admin).toMatchObject({
      isAdmin: true,
      isEmailVerified: true,
      firstName: SAMPLE_ADMIN.firstName,
    });
    expect(await verifyPassword(SAMPLE_ADMIN.password, admin!.passwordHash)).toBe(true);
  });

  it("adds nothing twice when run again, and updates the env admin's password", async () => {
    const before = (await listProducts()).length;
    const restore = withEnv({ ADMIN_PASSWORD: "a-new-owner-password" });
    try {
      await seedSampleCatalogue(db(), { log });
    } finally {
      restore();
    }
    expect((await listProducts()).length).toBe(before);
    expect(logs).toContain(`Catalogue already has ${before} products: sample catalogue not added.`);
    expect(await db().select({ n: count() }).from(users)).toEqual([{ n: 2 }]);
    const owner = await userByEmail(OWNER.email);
    expect(await verifyPassword("a-new-owner-password", owner!.passwordHash)).toBe(true);
  });

  it("never creates the sample admin in production", async () => {
    await db().delete(users);
    const restore = withEnv({ NODE_ENV: "production" });
    try {
      await seedSampleCatalogue(db(), { log });
    } finally {
      restore();
    }
    expect(await userByEmail(SAMPLE_ADMIN.email)).toBeUndefined();
    expect(await userByEmail(OWNER.email)).toMatchObject({ isAdmin: true });
  });

  it("skips an env admin with an invalid email or a short password", async () => {
    await db().delete(users);
    const restore = withEnv({ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long-enough-1" });
    try {
      await seedSampleCatalogue(db(), { log, sampleAdmin: false });
      process.env.ADMIN_EMAIL = "boss@lumiere.example";
      process.env.ADMIN_PASSWORD = "123";
      await seedSampleCatalogue(db(), { log, sampleAdmin: false });
    } finally {
      restore();
    }
    expect(await db().select().from(users)).toEqual([]);
    expect(logs).toContain("ADMIN_EMAIL is not a valid email address: no admin created from it.");
  });

  it("promotes an existing account to admin, whatever the case of the email", async () => {
    await db()
      .insert(users)
      .values({ email: "Maya@Example.com", firstName: "Maya", lastName: "K" });
    expect(await promoteUser(db(), { email: " maya@example.COM " })).toBe(true);
    expect(await userByEmail("Maya@Example.com")).toMatchObject({ isAdmin: true });
    expect(await promoteUser(db(), { email: "nobody@example.com" })).toBe(false);
  });

  it("leaves the catalogue alone when the shop already has products", async () => {
    await db().delete(products);
    await db().insert(products).values({ name: "Only Ring", priceCents: 100, category: "rings" });
    await seedSampleCatalogue(db(), { log, sampleAdmin: false });
    expect((await listProducts()).map((p) => p.name)).toEqual(["Only Ring"]);
  });
});
