import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env, shopEmail } from "@/lib/env";
import {
  accountDeletedMail,
  newOrderNoticeMail,
  orderConfirmationMail,
  orderStatusMail,
  passwordChangedMail,
  resetPinMail,
  verificationMail,
  type MailContent,
} from "@/lib/mail-templates";
import { PIN_TTL_MINUTES, VERIFICATION_LINK_TTL_HOURS } from "@/lib/constants";
import { messages } from "@/lib/messages";
import { createWorkQueue } from "@/lib/work-queue";
import type { OrderDto } from "@/models/order";

type Recipient = { email: string; firstName: string };

const store = globalThis as unknown as {
  __shopSmtp?: { url: string; transport: Transporter };
  __shopMailSequence?: number;
  __shopMailFiles?: Transporter;
};

// A mail server that accepts a connection and then says nothing must not hold a sign-up for
// nodemailer's default minutes: these bound one attempt (values in SMTP_URL's query win).
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

/**
 * At most this many mails are handed to the mail server at once, each on its own connection: a
 * burst of orders (two mails each) must not open dozens, which mail providers refuse beyond a
 * handful. (nodemailer's shared pool is not used: a server that drops each new connection leaves
 * its mails waiting for good instead of failing them, so they would never be tried again.)
 */
const smtpSending = createWorkQueue({
  concurrency: 5,
  maxWaiting: 0,
  retryAfterSeconds: 5,
  busyMessage: messages.api.busy,
});

function smtpTransport(url: string): Transporter {
  if (store.__shopSmtp?.url !== url) {
    // As query parameters: nodemailer lets a connection URL's settings replace the options beside it.
    const withTimeouts = new URL(url);
    for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
      if (!withTimeouts.searchParams.has(name)) withTimeouts.searchParams.set(name, String(value));
    }
    store.__shopSmtp = { url, transport: nodemailer.createTransport(withTimeouts.toString()) };
  }
  return store.__shopSmtp.transport;
}

/** Hands one mail to the mail server, waiting for a free place among the few sent at once. */
const sendOverSmtp = (url: string, message: nodemailer.SendMailOptions) =>
  smtpSending.run(() => smtpTransport(url).sendMail(message), { background: true });

/** Waits before each retry of a mail the server could not take: a restart usually takes seconds. */
export const MAIL_RETRY_DELAYS_MS = [2_000, 15_000, 60_000];

// Failures that another attempt cannot fix: the mail or its addresses, or our credentials.
const PERMANENT = new Set([
  "EENVELOPE",
  "EMESSAGE",
  "EAUTH",
  "ENOAUTH",
  "EOAUTH2",
  "ETLS",
  "EMAXLIMIT",
]);

/**
 * A failure worth trying again later: no connection, a connection closed or timed out, or a
 * temporary (4xx) refusal; not a permanent (5xx) refusal or a bad mail.
 */
function isTransient(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return !PERMANENT.has(code ?? "");
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const retrying = new Set<Promise<void>>();

/**
 * Tries a mail again in the background after a transient failure, and logs the outcome: the
 * caller already answered (a sign-up, an order), so only the log can tell the shop it was lost.
 * Not tied to the request (a minute of retries would hold it): plain timers, unref'd so a waiting
 * retry never keeps a stopping process alive. A changed SMTP_URL ends the retries.
 */
function retryLater(
  url: string,
  message: nodemailer.SendMailOptions,
  what: string,
  stillCurrent: () => Promise<boolean>,
) {
  const run = async () => {
    for (const [index, delay] of MAIL_RETRY_DELAYS_MS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (env().SMTP_URL !== url) return;
      if (!(await stillCurrent().catch(() => true))) {
        console.info(`[mail] ${what} dropped: what it carried was replaced meanwhile`);
        return;
      }
      try {
        await sendOverSmtp(url, message);
        console.info(`[mail] ${what} sent on retry ${index + 1}`);
        return;
      } catch (error) {
        if (!isTransient(error)) {
          console.error(`[mail] ${what} could not be sent: ${reason(error)}`);
          return;
        }
      }
    }
    console.error(
      `[mail] ${what} could not be sent after ${MAIL_RETRY_DELAYS_MS.length + 1} attempts; giving up`,
    );
  };
  const running = run().finally(() => retrying.delete(running));
  retrying.add(running);
}

/** Resolves once every mail waiting for a retry has been sent or given up (tests). */
export async function mailRetriesDone() {
  while (retrying.size > 0) await Promise.allSettled([...retrying]);
}

/**
 * A customer who answers a mail reaches the shop's public address (CONTACT_EMAIL, the footer's
 * Contact link), which the owner reads, rather than a sending address such as a no-reply one.
 * Unset when MAIL_FROM already is that address.
 */
function shopReplyTo(): string | undefined {
  const { MAIL_FROM, CONTACT_EMAIL } = env();
  const sender = MAIL_FROM.match(/<([^>]*)>\s*$/)?.[1] ?? MAIL_FROM;
  return sender.trim().toLowerCase() === CONTACT_EMAIL.trim().toLowerCase()
    ? undefined
    : CONTACT_EMAIL;
}

/**
 * Sends one mail: through SMTP_URL when set, otherwise written as an .eml file under
 * DATA_DIR/outbox/ with `notice` (the link or PIN it carries) logged for the developer.
 */
export async function sendMail({
  to,
  content,
  notice,
  replyTo,
  stillCurrent = async () => true,
}: {
  to: string;
  content: MailContent;
  notice?: string;
  /** Where a reply goes; by default the shop's public address (see shopReplyTo). */
  replyTo?: string;
  /**
   * Asked before each retry: whether the link or PIN the mail carries still works. A newer one
   * (a Resend, a new PIN) replaced it, and a late mail with a dead link would be the newest one in
   * the customer's inbox.
   */
  stillCurrent?: () => Promise<boolean>;
}): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR, NODE_ENV } = env();
  // Quoted-printable, said once: left to choose, nodemailer counts every letter of each mail's
  // text and markup to decide, and it decides this for the shop's mostly Latin mails anyway.
  const message = {
    from: MAIL_FROM,
    to,
    replyTo: replyTo ?? shopReplyTo(),
    textEncoding: "quoted-printable" as const,
    ...content,
  };
  if (SMTP_URL) {
    try {
      await sendOverSmtp(SMTP_URL, message);
    } catch (error) {
      // The caller decides what the failure means now (a 503 on resend, a log line on sign-up);
      // the mail itself is tried again in the background when the failure may pass.
      if (isTransient(error)) {
        retryLater(SMTP_URL, message, `"${content.subject}" to ${to}`, stillCurrent);
      }
      throw error;
    }
    return;
  }
  const outbox = path.resolve(DATA_DIR, "outbox");
  store.__shopMailFiles ??= nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  const info = await store.__shopMailFiles.sendMail(message);
  // Names sort in sending order: time, then a counter for mails sent within the same millisecond.
  const sequence = String((store.__shopMailSequence = (store.__shopMailSequence ?? 0) + 1) % 1e6);
  const file = path.join(
    outbox,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${sequence.padStart(6, "0")}-${randomBytes(3).toString("hex")}.eml`,
  );
  try {
    await fs.writeFile(file, info.message as Buffer);
  } catch (error) {
    // The outbox is made on the first mail, or again if it was removed meanwhile.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await fs.mkdir(outbox, { recursive: true });
    await fs.writeFile(file, info.message as Buffer);
  }
  const shown = NODE_ENV === "production" ? "" : notice ? ` — ${notice}` : "";
  console.info(`[mail] "${content.subject}" to ${to} written to ${file}${shown}`);
}

export async function sendVerificationMail({
  to,
  token,
  stillCurrent,
}: {
  to: Recipient;
  token: string;
  stillCurrent?: () => Promise<boolean>;
}) {
  const link = new URL(
    `/verify-email?token=${encodeURIComponent(token)}`,
    env().APP_URL,
  ).toString();
  await sendMail({
    to: to.email,
    content: verificationMail({
      firstName: to.firstName,
      link,
      validHours: VERIFICATION_LINK_TTL_HOURS,
    }),
    notice: `verification link ${link}`,
    stillCurrent,
  });
}

export async function sendResetPinMail({
  to,
  pin,
  resetToken,
  stillCurrent,
}: {
  to: Recipient;
  pin: string;
  /** The reset token the mail's link carries (in the fragment: no server or log sees it). */
  resetToken: string;
  stillCurrent?: () => Promise<boolean>;
}) {
  const link = `${new URL("/?auth=reset-password", env().APP_URL)}#resetToken=${resetToken}`;
  await sendMail({
    to: to.email,
    content: resetPinMail({ firstName: to.firstName, pin, link, validMinutes: PIN_TTL_MINUTES }),
    notice: `password reset PIN ${pin}`,
    stillCurrent,
  });
}

export async function sendPasswordChangedMail({ to }: { to: Recipient }) {
  await sendMail({
    to: to.email,
    content: passwordChangedMail({ firstName: to.firstName, shopUrl: env().APP_URL }),
  });
}

export async function sendAccountDeletedMail({ to }: { to: Recipient }) {
  await sendMail({
    to: to.email,
    content: accountDeletedMail({ firstName: to.firstName, shopUrl: env().APP_URL }),
  });
}

/** The customer's order confirmation. */
export async function sendOrderConfirmationMail({ to, order }: { to: Recipient; order: OrderDto }) {
  await sendMail({
    to: to.email,
    content: orderConfirmationMail({
      firstName: to.firstName,
      order,
      ordersUrl: new URL("/orders", env().APP_URL).toString(),
    }),
    notice: `order ${order.orderNumber}`,
  });
}

/** The customer's notice that the order is out for delivery or delivered, to the order's address. */
export async function sendOrderStatusMail({
  order,
  afterDelivery = false,
  stillCurrent,
}: {
  order: OrderDto;
  /** The order was delivered (and paid for) when it was cancelled. */
  afterDelivery?: boolean;
  /** Asked before each retry: whether the order still has the status the mail tells of. */
  stillCurrent?: () => Promise<boolean>;
}) {
  const customer = order.userId;
  if (!customer) return;
  await sendMail({
    to: customer.email,
    content: orderStatusMail({
      firstName: customer.firstName,
      order,
      afterDelivery,
      ordersUrl: new URL("/orders", env().APP_URL).toString(),
    }),
    notice: `order ${order.orderNumber} ${order.status}`,
    stillCurrent,
  });
}

/** The shop's notice of a new order, to SHOP_EMAIL; the owner's Reply goes to the customer. */
export async function sendNewOrderNotice({ order }: { order: OrderDto }) {
  await sendMail({
    to: shopEmail(),
    replyTo: order.userId?.email || undefined,
    content: newOrderNoticeMail({ order, adminUrl: new URL("/admin", env().APP_URL).toString() }),
    notice: `new order ${order.orderNumber}`,
  });
}
