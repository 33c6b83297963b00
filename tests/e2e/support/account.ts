// Page objects for the shopper's account: the auth modal, the header's account area and the
// user menu, and the account dialogs.
import { expect, type Locator, type Page } from "@playwright/test";
import { messages } from "@/lib/messages";

const t = messages.account;

export type Shopper = { firstName: string; lastName: string; email: string; password: string };

/** A new shopper with an address no other test uses. */
export function newShopper(firstName = "Maya", lastName = "Khalil"): Shopper {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${unique}@example.com`,
    password: "silver-ring-1",
  };
}

export class AuthModal {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    // The account windows, not the mobile menu (also a dialog) that may be closing behind them.
    this.dialog = page.getByRole("dialog").and(page.locator("[data-account-modal]"));
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  button(name: string): Locator {
    return this.dialog.getByRole("button", { name, exact: true });
  }

  async expectTitle(title: string) {
    await expect(this.dialog.getByRole("heading", { name: title })).toBeVisible();
  }

  async expectErrors(...texts: string[]) {
    for (const text of texts)
      await expect(this.dialog.getByText(text, { exact: true })).toBeVisible();
    // After showing its errors the form moves focus to the first field in error once more, a
    // moment later (react-hook-form's deferred focus, queued before the errors show): let it
    // land, as it does before a person types, or the next words would go into that field.
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  }

  /** The server's answer shown above the submit button. */
  get problem(): Locator {
    return this.dialog.getByRole("alert");
  }

  async fillSignup(shopper: Shopper) {
    await this.field(t.firstName).fill(shopper.firstName);
    await this.field(t.lastName).fill(shopper.lastName);
    await this.field(t.email).fill(shopper.email);
    await this.field(t.password).fill(shopper.password);
  }

  async logIn({ email, password }: { email: string; password: string }) {
    await this.field(t.email).fill(email);
    await this.field(t.password).fill(password);
    await this.button(t.signInSubmit).click();
  }

  async expectClosed() {
    await expect(this.dialog).toBeHidden();
  }
}

/** The header's account area on a desktop-wide window. */
export class AccountArea {
  readonly modal: AuthModal;

  constructor(private readonly page: Page) {
    this.modal = new AuthModal(page);
  }

  get signInButton(): Locator {
    return this.page.getByRole("banner").getByRole("button", { name: t.signIn, exact: true });
  }

  get signUpButton(): Locator {
    return this.page.getByRole("banner").getByRole("button", { name: t.signUp, exact: true });
  }

  get menuButton(): Locator {
    return this.page.getByRole("button", { name: t.accountMenu });
  }

  get menu(): Locator {
    return this.page.getByRole("menu");
  }

  async openSignIn(): Promise<AuthModal> {
    await this.signInButton.click();
    await this.modal.expectTitle(t.loginTitle);
    return this.modal;
  }

  async openSignUp(): Promise<AuthModal> {
    await this.signUpButton.click();
    await this.modal.expectTitle(t.signupTitle);
    return this.modal;
  }

  async logIn(credentials: { email: string; password: string }) {
    const modal = await this.openSignIn();
    await modal.logIn(credentials);
    await modal.expectClosed();
    await expect(this.menuButton).toBeVisible();
  }

  async openMenu(): Promise<Locator> {
    await this.menuButton.click();
    await expect(this.menu).toBeVisible();
    return this.menu;
  }

  menuItem(name: string): Locator {
    return this.menu.getByRole("menuitem", { name, exact: true });
  }

  async choose(item: string) {
    await this.openMenu();
    await this.menuItem(item).click();
  }

  async logOut() {
    await this.choose(t.logout);
    await expect(this.signInButton).toBeVisible();
  }

  async expectSignedOut() {
    await expect(this.signInButton).toBeVisible();
    await expect(this.menuButton).toHaveCount(0);
  }
}

/** Waits until the notifications are gone (at the top of the screen they cover the header). */
export async function waitForNotificationsToClose(page: Page) {
  await page.mouse.move(1, 400);
  const notifications = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
  await expect(notifications).toHaveCount(0, { timeout: 15_000 });
}
