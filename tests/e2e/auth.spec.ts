import { expect, test, type Page } from "./support/test";
import { AccountArea, AuthModal, newShopper, waitForNotificationsToClose } from "./support/account";
import { verifiedCustomer } from "./support/admin";
import { Mailbox } from "./support/mailbox";
import {
  CART_STORAGE_KEY,
  SHOP_NAME,
  SIGNUP_SOURCE_STORAGE_KEY,
  VERIFY_REDIRECT_SECONDS,
  WISHLIST_STORAGE_KEY,
} from "@/lib/constants";
import { formatDate } from "@/lib/format";
import { messages } from "@/lib/messages";
import type { PublicUser } from "@/models/auth";

const t = messages.account;
const m = messages.auth;

// One shopper's life with the shop, step by step: each step starts from a fresh browser.
// (Sign-ups are rate limited per address, so the journey shares one account.)
test.describe.serial("a shopper's account", () => {
  const shopper = newShopper();
  const mailbox = new Mailbox(shopper.email);
  let password = shopper.password;

  test("signs up from the Instagram link, verifies the email from the mail and sees Verified", async ({
    page,
  }) => {
    const account = new AccountArea(page);
    await page.goto("/?utm_source=Instagram");
    const modal = await account.openSignUp();

    await modal.button(t.signUpSubmit).click();
    await modal.expectErrors(
      m.firstNameRequired,
      m.lastNameRequired,
      m.emailRequired,
      m.passwordRequired,
    );
    await modal.field(t.email).fill("maya@");
    await modal.field(t.password).fill("12345");
    await modal.button(t.signUpSubmit).click();
    await modal.expectErrors(m.emailInvalid, m.passwordTooShort);

    await modal.fillSignup(shopper);
    await modal.button(t.signUpSubmit).click();
    await modal.expectClosed();
    await expect(page.getByText(t.accountCreated)).toBeVisible();

    const banner = page.getByRole("region", { name: t.bannerText });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: t.bannerResend }).click();
    await expect(page.getByText(messages.verification.resendSuccess)).toBeVisible();
    await waitForNotificationsToClose(page);
    await banner.getByRole("button", { name: t.bannerDismiss }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(account.menuButton).toBeVisible();
    await expect(banner).toBeHidden();
    const menu = await account.openMenu();
    await expect(menu.getByText(`${shopper.firstName} ${shopper.lastName}`)).toBeVisible();
    await expect(menu.getByText(shopper.email)).toBeVisible();
    await expect(menu.getByText(t.unverified, { exact: true })).toBeVisible();
    await expect(account.menuItem(messages.orders.title)).toHaveCount(0);
    await page.keyboard.press("Escape");

    const profile = (await (await page.request.get("/api/auth/profile")).json()) as {
      user: PublicUser;
    };
    expect(profile.user.registrationSource).toBe("instagram_bio");
    expect(
      await page.evaluate((key) => localStorage.getItem(key), SIGNUP_SOURCE_STORAGE_KEY),
    ).toBeNull();

    await mailbox.verificationLink(); // the sign-up mail; the resent one follows
    await page.goto(await mailbox.verificationLink());
    await expect(
      page.getByRole("heading", { name: messages.verifyEmail.successTitle }),
    ).toBeVisible();
    const countdown = messages.verifyEmail.redirecting(VERIFY_REDIRECT_SECONDS);
    await expect(
      page.getByText(new RegExp(countdown.replace(/[.]/g, "\\.").replace(/\d+/, "\\d+"))),
    ).toBeVisible();
    await page.getByRole("link", { name: messages.verifyEmail.goNow }).click();
    await expect(page).toHaveURL("/");

    await account.openMenu();
    await expect(account.menu.getByText(t.verified, { exact: true })).toBeVisible();
    await expect(account.menuItem(messages.orders.title)).toBeVisible();
    await page.keyboard.press("Escape");
  });

  test("logs out, forgetting the local cart and wishlist, and logs back in", async ({ page }) => {
    const account = new AccountArea(page);
    await page.goto("/");
    const modal = await account.openSignIn();
    await modal.button(t.signInSubmit).click();
    await modal.expectErrors(m.emailRequired, m.passwordRequired);
    await modal.logIn({ email: shopper.email, password: "not-my-password" });
    await expect(modal.problem).toContainText(m.invalidCredentials);
    await modal.logIn({ email: shopper.email, password });
    await modal.expectClosed();
    await expect(page.getByText(t.welcomeBack(shopper.firstName))).toBeVisible();

    await page.evaluate(
      ([cart, wishlist]) => {
        localStorage.setItem(cart!, JSON.stringify([{ productId: "p1", quantity: 1 }]));
        localStorage.setItem(wishlist!, JSON.stringify([{ _id: "p1" }]));
      },
      [CART_STORAGE_KEY, WISHLIST_STORAGE_KEY],
    );
    await page.goto("/about");
    await account.logOut();
    await expect(page).toHaveURL("/");
    const stored = await page.evaluate(
      ([cart, wishlist]) => [localStorage.getItem(cart!), localStorage.getItem(wishlist!)],
      [CART_STORAGE_KEY, WISHLIST_STORAGE_KEY],
    );
    expect(stored).toEqual([null, null]);
    expect((await page.request.get("/api/auth/profile")).status()).toBe(401);

    await account.logIn({ email: shopper.email, password });
    await page.reload();
    await expect(account.menuButton).toBeVisible();
  });

  test("resets a forgotten password with the PIN from the mail and is signed in", async ({
    page,
  }) => {
    const account = new AccountArea(page);
    await page.goto("/");
    const modal = await account.openSignIn();
    await modal.field(t.email).fill(shopper.email);
    await modal.dialog.getByRole("button", { name: t.forgotPassword }).click();
    await modal.expectTitle(t.forgotTitle);
    await expect(modal.field(t.email)).toHaveValue(shopper.email);
    await modal.field(t.email).fill("");
    await modal.button(t.sendPin).click();
    await modal.expectErrors(m.emailRequired);
    await modal.field(t.email).fill(shopper.email);
    await modal.button(t.sendPin).click();

    await modal.expectTitle(t.verifyPinTitle);
    const pinField = modal.field(t.pin);
    await expect(pinField).toHaveAttribute("inputmode", "numeric");
    await expect(pinField).toHaveAttribute("autocomplete", "one-time-code");
    await modal.button(t.verifyPinSubmit).click();
    await modal.expectErrors(m.pinRequired);
    await pinField.pressSequentially("12ab34");
    await expect(pinField).toHaveValue("1234");
    await modal.button(t.verifyPinSubmit).click();
    await modal.expectErrors(m.pinLength);
    await pinField.fill("");
    await pinField.pressSequentially("98765432");
    await expect(pinField).toHaveValue("987654");

    // The first PIN is lost: ask for another one.
    await mailbox.resetPin();
    await modal.dialog.getByRole("button", { name: t.resendPin }).click();
    await modal.expectTitle(t.forgotTitle);
    await modal.button(t.sendPin).click();
    await modal.expectTitle(t.verifyPinTitle);
    const pin = await mailbox.resetPin();
    const wrongPin = pin === "000000" ? "111111" : "000000";
    await pinField.fill(wrongPin);
    await modal.button(t.verifyPinSubmit).click();
    await expect(modal.problem).toContainText(m.invalidPin);
    await pinField.fill(pin);
    await modal.button(t.verifyPinSubmit).click();

    await modal.expectTitle(t.resetTitle);
    await modal.button(t.resetSubmit).click();
    await modal.expectErrors(m.newPasswordRequired, m.confirmRequired);
    await modal.field(t.newPassword).fill("golden-hoop-2");
    await modal.field(t.confirmPassword).fill("golden-hoop-3");
    await modal.button(t.resetSubmit).click();
    await modal.expectErrors(m.passwordsMismatch);
    await modal.field(t.confirmPassword).fill("golden-hoop-2");
    await modal.dialog.getByRole("button", { name: t.showPassword }).first().click();
    await expect(modal.field(t.newPassword)).toHaveAttribute("type", "text");
    await modal.button(t.resetSubmit).click();

    await modal.expectClosed();
    await expect(page.getByText(t.passwordReset)).toBeVisible();
    await expect(account.menuButton).toBeVisible();
    password = "golden-hoop-2";
  });

  test("changes the password, then signs in with the new one only", async ({ page }) => {
    const account = new AccountArea(page);
    await page.goto("/");
    await account.logIn({ email: shopper.email, password });
    await account.choose(t.changePassword);
    const dialog = new AuthModal(page);
    await dialog.expectTitle(t.changePassword);

    await dialog.button(t.changePasswordSubmit).click();
    await dialog.expectErrors(m.passwordRequired, messages.changePassword.tooShort);
    await dialog.field(t.currentPassword).fill(password);
    await dialog.field(t.newPassword).fill(password);
    await dialog.field(t.confirmNewPassword).fill(password);
    await dialog.button(t.changePasswordSubmit).click();
    await dialog.expectErrors(messages.changePassword.sameAsCurrent);
    await dialog.field(t.newPassword).fill("pearl-drop-3");
    await dialog.field(t.confirmNewPassword).fill("pearl-drop-4");
    await dialog.button(t.changePasswordSubmit).click();
    await dialog.expectErrors(messages.changePassword.mismatch);
    await dialog.field(t.currentPassword).fill("not-my-password");
    await dialog.field(t.confirmNewPassword).fill("pearl-drop-3");
    await dialog.button(t.changePasswordSubmit).click();
    await expect(dialog.problem).toContainText(messages.changePassword.wrongCurrent);

    await dialog.field(t.currentPassword).fill(password);
    await dialog.button(t.changePasswordSubmit).click();
    await dialog.expectClosed();
    await expect(page.getByText(messages.changePassword.success)).toBeVisible();
    // Still signed in with the session the change answered with.
    await page.reload();
    await expect(account.menuButton).toBeVisible();

    await account.logOut();
    const modal = await account.openSignIn();
    await modal.logIn({ email: shopper.email, password });
    await expect(modal.problem).toContainText(m.invalidCredentials);
    await modal.logIn({ email: shopper.email, password: "pearl-drop-3" });
    await modal.expectClosed();
    password = "pearl-drop-3";
  });

  test("deletes the account, after which signing in fails", async ({ page }) => {
    const account = new AccountArea(page);
    await page.goto("/");
    await account.logIn({ email: shopper.email, password });
    await account.choose(t.deleteAccount);
    const dialog = new AuthModal(page);
    await dialog.expectTitle(t.deleteAccount);

    await dialog.button(t.deleteSubmit).click();
    await dialog.expectErrors(
      messages.deleteAccount.typePhrase,
      messages.deleteAccount.passwordRequired,
    );
    await dialog.field(t.deleteConfirmLabel).fill("delete my account");
    await dialog.field(t.password).fill(password);
    await dialog.button(t.deleteSubmit).click();
    await dialog.expectErrors(messages.deleteAccount.mismatch);
    await dialog.field(t.deleteConfirmLabel).fill(messages.deleteAccount.phrase);
    await dialog.field(t.password).fill("not-my-password");
    await dialog.button(t.deleteSubmit).click();
    await expect(dialog.problem).toContainText(messages.deleteAccount.wrongPassword);

    await dialog.field(t.password).fill(password);
    await dialog.button(t.deleteSubmit).click();
    await expect(page.getByText(messages.deleteAccount.success)).toBeVisible();
    await expect(page).toHaveURL("/");
    await account.expectSignedOut();

    const modal = await account.openSignIn();
    await modal.logIn({ email: shopper.email, password });
    await expect(modal.problem).toContainText(m.invalidCredentials);
    await expect(account.menuButton).toHaveCount(0);
  });
});

/** Asks for a new password for `email` and returns the link its mail carries. */
async function resetLinkFor(page: Page, email: string): Promise<string> {
  const mailbox = new Mailbox(email);
  const asked = await page.request.post("/api/auth/forgot-password", { data: { email } });
  expect(asked.status()).toBe(200);
  return mailbox.resetLink();
}

/**
 * Opens the reset mail's link, whose token leaves the address bar at once, and chooses `password`
 * in the step it opens: the shopper is signed in by it, and the new password signs in.
 */
async function resetThroughLink(
  page: Page,
  { link, email, password }: { link: string; email: string; password: string },
) {
  await page.goto(link);
  const modal = new AuthModal(page);
  await modal.expectTitle(t.resetTitle);
  await expect.poll(() => new URL(page.url()).hash).toBe("");
  await modal.field(t.newPassword).fill(password);
  await modal.field(t.confirmPassword).fill(password);
  await modal.button(t.resetSubmit).click();
  await modal.expectClosed();
  await expect(page.getByText(t.passwordReset)).toBeVisible();
  await expect(new AccountArea(page).menuButton).toBeVisible();
  expect((await page.request.get("/api/auth/profile")).status()).toBe(200);
  const signIn = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(signIn.status()).toBe(200);
}

test("the reset mail's link opens the new-password step, even after strangers spent the day's PIN guesses", async ({
  page,
}) => {
  const shopper = await verifiedCustomer(page.request);
  await page.request.post("/api/auth/logout");
  const link = await resetLinkFor(page, shopper.email);
  // Strangers guess until the account's PINs are refused for the day.
  let answer = 400;
  for (let guess = 0; guess < 20 && answer !== 429; guess++) {
    answer = (
      await page.request.post("/api/auth/verify-reset-pin", {
        data: { email: shopper.email, pin: String(guess).padStart(6, "0") },
      })
    ).status();
  }
  expect(answer).toBe(429);

  await resetThroughLink(page, { link, email: shopper.email, password: "golden-hoop-7" });
});

test("a sign-up with an email already in use says so, and the message goes once a field is edited", async ({
  page,
  request,
}) => {
  const taken = await verifiedCustomer(request);
  const account = new AccountArea(page);
  await page.goto("/");
  const modal = await account.openSignUp();
  await modal.fillSignup({ ...newShopper(), email: taken.email });
  await modal.button(t.signUpSubmit).click();
  await expect(modal.problem).toHaveText(m.emailTaken);
  // The message spoke of the email sent: a new one is not refused yet.
  await modal.field(t.email).fill(`other.${taken.email}`);
  await expect(modal.problem).toHaveCount(0);
});

test("the sign-in window offers no Google button when Google is not configured", async ({
  page,
}) => {
  const account = new AccountArea(page);
  await page.goto("/?auth=signup");
  const modal = new AuthModal(page);
  await modal.expectTitle(t.signupTitle);
  await expect(page).toHaveURL("/");
  await expect(page.getByText(t.continueWithGoogle)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await modal.expectClosed();

  await account.openSignIn();
  await expect(page.getByText(t.continueWithGoogle)).toHaveCount(0);
  // A revealed password is hidden again after switching modes.
  await modal.button(t.showPassword).click();
  await expect(modal.field(t.password)).toHaveAttribute("type", "text");
  await modal.button(t.signUp).click();
  await modal.button(t.signIn).click();
  await expect(modal.field(t.password)).toHaveAttribute("type", "password");
  // A click on the backdrop closes it; opening again starts with empty fields.
  await modal.field(t.email).fill("someone@example.com");
  await page.mouse.click(5, 5);
  await modal.expectClosed();
  await account.openSignIn();
  await expect(modal.field(t.email)).toHaveValue("");

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: m.loginPageTitle })).toBeVisible();
  await expect(page.getByText(t.continueWithGoogle)).toHaveCount(0);
});

test("the sign-in page explains a failed Google sign-in, offers to sign in, and sends home once signed in", async ({
  page,
  request,
}) => {
  await page.goto("/login?error=OAuthCallback");
  await expect(
    page.getByRole("alert").filter({ hasText: m.googleErrors.OAuthCallback }),
  ).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: t.signIn, exact: true }).click();
  const modal = new AuthModal(page);
  await modal.expectTitle(t.loginTitle);

  // Signed in from here, the shopper leaves the failure behind for the shop.
  const shopper = await verifiedCustomer(request);
  await modal.logIn(shopper);
  await modal.expectClosed();
  await expect(page).toHaveURL(/\/$/);
  await expect(new AccountArea(page).menuButton).toBeVisible();
});

test("on a phone, the end of every page scrolls clear of the verification banner", async ({
  page,
}) => {
  const signup = await page.request.post("/api/auth/signup", { data: newShopper() });
  expect(signup.status()).toBe(201);
  const banner = page.getByRole("region", { name: t.bannerText });
  const copyright = page
    .getByRole("contentinfo")
    .getByText(messages.layout.copyright(new Date().getFullYear()));
  // The narrowest phones wrap the banner's text over the most lines.
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/about");
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() =>
        page.evaluate(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 1),
      )
      .toBe(true);
    // The copyright line (its padding included) ends where the banner begins, to a pixel's rounding.
    const line = (await copyright.boundingBox())!;
    const over = (await banner.boundingBox())!;
    expect(line.y + line.height, `the last line at ${width} px`).toBeLessThanOrEqual(over.y + 1);
  }
});

test("the sign-in and verification pages are one cached page whatever their address holds; a signed-in visitor goes home", async ({
  page,
  request,
}) => {
  // The error code and the token are read in the browser: a flood of made-up addresses is answered
  // from the cache, and a shared cache may keep the page.
  for (const [first, second] of [
    ["/login?error=OAuthCallback", "/login?error=AccessDenied"],
    ["/verify-email?token=first-made-up-token", "/verify-email?token=second-made-up-token"],
  ] as const) {
    const [a, b] = [await request.get(first), await request.get(second)];
    expect(a.status(), first).toBe(200);
    expect(a.headers()["cache-control"], first).toMatch(/^public,.* s-maxage=\d+/);
    expect(await a.text(), `${first} and ${second}`).toBe(await b.text());
  }

  await verifiedCustomer(page.request);
  await page.goto("/login?error=OAuthCallback");
  await expect(page).toHaveURL(/\/$/);
  await expect(new AccountArea(page).menuButton).toBeVisible();
});

test("the verification page explains a missing or unknown link", async ({ page }) => {
  await page.goto("/verify-email");
  await expect(page.getByText(messages.verification.invalidLink)).toBeVisible();
  for (const cause of [
    messages.verifyEmail.causeExpired,
    messages.verifyEmail.causeUsed,
    messages.verifyEmail.causeInvalid,
  ]) {
    await expect(page.getByText(cause)).toBeVisible();
  }

  await page.goto("/verify-email?token=this-link-was-never-sent");
  await expect(page.getByRole("heading", { name: messages.verifyEmail.errorTitle })).toBeVisible();
  await expect(page.getByText(messages.verifyEmail.signInToResend)).toBeVisible();
});

test("the mobile menu signs the shop owner in and holds the account items @phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const openMenu = () => page.getByRole("button", { name: messages.layout.openMenu }).click();
  const menu = page.getByRole("dialog", { name: SHOP_NAME });

  await openMenu();
  await menu.getByRole("button", { name: t.signIn, exact: true }).click();
  const modal = new AuthModal(page);
  await modal.expectTitle(t.loginTitle);
  await modal.logIn({ email: "owner@lumiere.example", password: "owner-password-1" });
  await modal.expectClosed();
  await waitForNotificationsToClose(page);

  await openMenu();
  await expect(menu.getByText("owner@lumiere.example")).toBeVisible();
  await expect(menu.getByText(t.verified, { exact: true })).toBeVisible();
  for (const item of [messages.orders.title, messages.admin.title]) {
    await expect(menu.getByRole("link", { name: item })).toBeVisible();
  }
  await menu.getByRole("button", { name: t.accountSettings }).click();
  const settings = page.getByRole("dialog", { name: t.accountSettings });
  await expect(settings.getByRole("heading", { name: t.accountSettings })).toBeVisible();
  await expect(settings.getByText("owner@lumiere.example")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();

  await openMenu();
  await menu.getByRole("button", { name: t.logout }).click();
  await openMenu();
  await expect(menu.getByRole("button", { name: t.signUp, exact: true })).toBeVisible();
});

test("Account Settings signs the shopper out of every device @phone", async ({
  page,
  playwright,
  baseURL,
}) => {
  const named = newShopper("Rima", "Aoun");
  // A long address, which the settings show whole, and a name written in Arabic.
  const shopper = {
    ...named,
    firstName: "ريما",
    lastName: "عون",
    email: `rima.aoun.handmade.jewellery.${named.email}`,
  };
  const signedUp = await page.request.post("/api/auth/signup", { data: shopper });
  expect(signedUp.status()).toBe(201);
  // The same account signed in on another device: an API client with its own token.
  const otherDevice = await playwright.request.newContext({ baseURL });
  const other = await otherDevice.post("/api/auth/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  const otherToken = ((await other.json()) as { token: string }).token;
  const profileStatus = async () =>
    (
      await otherDevice.get("/api/auth/profile", {
        headers: { authorization: `Bearer ${otherToken}` },
      })
    ).status();
  expect(await profileStatus()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByRole("dialog", { name: SHOP_NAME });
  await page.getByRole("button", { name: messages.layout.openMenu }).click();
  await expect(menu.getByText(shopper.email)).toBeVisible();
  await menu.getByRole("button", { name: t.accountSettings }).click();
  const settings = page.getByRole("dialog", { name: t.accountSettings });
  // Dated like every other date of the shop.
  await expect(settings.getByText(formatDate(new Date()), { exact: true })).toBeVisible();
  // The name reads right to left on its own, the window staying left to right.
  await expect(settings.getByText("ريما عون", { exact: true })).toHaveCSS("direction", "rtl");
  await expect(settings.getByText(shopper.email, { exact: true })).toHaveCSS("direction", "ltr");
  const email = settings.getByText(shopper.email, { exact: true });
  await expect(email).toBeVisible();
  expect(await email.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await settings.getByRole("button", { name: t.signOutEverywhere }).click();
  await expect(page.getByText(m.signedOutEverywhere)).toBeVisible();
  await expect(settings).toBeHidden();
  await waitForNotificationsToClose(page);

  await page.getByRole("button", { name: messages.layout.openMenu }).click();
  await expect(menu.getByRole("button", { name: t.signUp, exact: true })).toBeVisible();
  expect(await profileStatus()).toBe(401);
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
  await otherDevice.dispose();
});

test("a logout that cannot reach the shop says so and keeps the shopper signed in; one whose first try was lost signs out", async ({
  page,
}) => {
  await verifiedCustomer(page.request);
  const account = new AccountArea(page);
  await page.goto("/");
  await expect(account.menuButton).toBeVisible();

  // Offline: no try reaches the shop, so the session cookie is still there.
  await page.route("**/api/auth/logout", (route) => route.abort("internetdisconnected"));
  await account.choose(t.logout);
  await expect(page.getByText(m.genericError, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(account.menuButton).toBeVisible();
  expect((await page.request.get("/api/auth/profile")).status()).toBe(200);
  await page.unroute("**/api/auth/logout");
  await waitForNotificationsToClose(page);

  // A flaky line: the first try is lost, the next one gets through.
  let tries = 0;
  await page.route("**/api/auth/logout", (route) =>
    ++tries === 1 ? route.abort("connectionreset") : route.continue(),
  );
  await account.logOut();
  expect(tries).toBe(2);
  await expect(page).toHaveURL("/");
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
});

test("the reset mail's link opened where the shopper is still signed in opens the new-password step", async ({
  page,
}) => {
  // Signed in on this browser; the new password was asked for on another device.
  const shopper = await verifiedCustomer(page.request);
  const link = await resetLinkFor(page, shopper.email);

  expect((await page.request.get("/api/auth/profile")).status()).toBe(200);
  await resetThroughLink(page, { link, email: shopper.email, password: "amber-cuff-5" });
});
