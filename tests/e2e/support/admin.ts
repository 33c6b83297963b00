// Page objects for the shop owner's panel, and the accounts the admin journeys use.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./test";
import { newShopper, type Shopper } from "./account";
import { Mailbox } from "./mailbox";
import { messages } from "@/lib/messages";

const t = messages.admin;

/** The admin the end-to-end server creates (scripts/e2e-server.mjs). */
export const OWNER = { email: "owner@lumiere.example", password: "owner-password-1" };

/** Signs the page's browser in as the owner (the session cookie comes with the answer). */
export async function signInAsOwner(page: Page) {
  const response = await page.request.post("/api/auth/login", { data: OWNER });
  expect(response.ok()).toBe(true);
}

/**
 * A customer with a verified email, signed in through `request` (an API context); `source`
 * "instagram" signs up as from the Instagram link (the first-order discount). `shopper` signs up
 * with given details, such as those of a deleted account.
 */
export async function verifiedCustomer(
  request: APIRequestContext,
  {
    source,
    shopper = newShopper("Rana", "Aoun"),
  }: { source?: "instagram"; shopper?: Shopper } = {},
): Promise<Shopper> {
  const mailbox = new Mailbox(shopper.email);
  const signup = await request.post("/api/auth/signup", { data: { ...shopper, source } });
  expect(signup.status()).toBe(201);
  const token = new URL(`http://shop${await mailbox.verificationLink()}`).searchParams.get("token");
  const verified = await request.post("/api/auth/verify-email", { data: { token } });
  expect(verified.ok()).toBe(true);
  return shopper;
}

/** A small photo of one colour, as the file chooser hands it over. */
export async function photo(name: string, color: string) {
  const buffer = await sharp({
    create: { width: 900, height: 900, channels: 3, background: color },
  })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

export class AdminPanel {
  constructor(private readonly page: Page) {}

  async open(tab: "dashboard" | "products" | "orders") {
    await this.page.goto(`/admin?tab=${tab}`);
    await expect(this.page.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
  }

  get dialog(): Locator {
    return this.page.getByRole("dialog").and(this.page.locator("[data-dialog='admin']"));
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  productRow(name: string): Locator {
    return this.page
      .getByRole("listitem")
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async expectToast(text: string) {
    const toasts = this.page.getByRole("region", { name: /^Notifications/ });
    // Another with the same text may still be showing from a moment before.
    await expect(toasts.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
