import { sql } from "drizzle-orm";
import { products, users } from "@/lib/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

describeEachDatabase("database constraints", ({ db }) => {
  it("refuses a second account whose email differs only in case", async () => {
    await db()
      .insert(users)
      .values({ email: "Maya@example.com", firstName: "Maya", lastName: "K" });
    await expect(
      db().insert(users).values({ email: "maya@EXAMPLE.com", firstName: "M", lastName: "K" }),
    ).rejects.toThrow();
  });

  it("never lets stock go below zero", async () => {
    const [row] = await db()
      .insert(products)
      .values({ name: "Pearl drop", priceCents: 2500, category: "earrings", quantity: 1 })
      .returning();
    await expect(
      db()
        .update(products)
        .set({ quantity: sql`${products.quantity} - 2` })
        .where(sql`id = ${row!.id}`),
    ).rejects.toThrow();
  });
});
