import { expect, test } from "@playwright/test";

test("the home page greets shoppers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Exquisite Jewelry" })).toBeVisible();
});
