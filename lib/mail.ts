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
import type { OrderDto } from "@/models/order";

type Recipient = { email: string; firstName: string };

const store = globalThis as unknown as {
  __shopSmtp?: { url: string; transport: Transporter };
  __shopMailSequence?: number;
};

function smtpTransport(url: string): Transporter {
  if (store.__shopSmtp?.url !== url) {
    store.__shopSmtp = { url, transport: nodemailer.createTransport(url) };
  }
  return store.__shopSmtp.transport;
}

/**
 * Sends one mail: through SMTP_URL when set, otherwise written as an .eml file under
 * DATA_DIR/outbox/ with `notice` (the link or PIN it carries) logged for the developer.
 */
export async function sendMail({
  to,
  content,
  notice,
}: {
  to: string;
  content: MailContent;
  notice?: string;
}): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR, NODE_ENV } = env();
  const message = { from: MAIL_FROM, to, ...content };
  if (SMTP_URL) {
    await smtpTransport(SMTP_URL).sendMail(message);
    return;
  }
  const outbox = path.resolve(DATA_DIR, "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(message);
  // Names sort in sending order: time, then a counter for mails sent within the same millisecond.
  const sequence = String((store.__shopMailSequence = (store.__shopMailSequence ?? 0) + 1) % 1e6);
  const file = path.join(
    outbox,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${sequence.padStart(6, "0")}-${randomBytes(3).toString("hex")}.eml`,
  );
  await fs.writeFile(file, info.message as Buffer);
  const shown = NODE_ENV === "production" ? "" : notice ? ` — ${notice}` : "";
  console.info(`[mail] "${content.subject}" to ${to} written to ${file}${shown}`);
}

export async function sendVerificationMail({ to, token }: { to: Recipient; token: string }) {
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
  });
}

export async function sendResetPinMail({ to, pin }: { to: Recipient; pin: string }) {
  await sendMail({
    to: to.email,
    content: resetPinMail({ firstName: to.firstName, pin, validMinutes: PIN_TTL_MINUTES }),
    notice: `password reset PIN ${pin}`,
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
export async function sendOrderStatusMail({ order }: { order: OrderDto }) {
  const customer = order.userId;
  if (!customer) return;
  await sendMail({
    to: customer.email,
    content: orderStatusMail({
      firstName: customer.firstName,
      order,
      ordersUrl: new URL("/orders", env().APP_URL).toString(),
    }),
    notice: `order ${order.orderNumber} ${order.status}`,
  });
}

/** The shop's notice of a new order, to SHOP_EMAIL. */
export async function sendNewOrderNotice({ order }: { order: OrderDto }) {
  await sendMail({
    to: shopEmail(),
    content: newOrderNoticeMail({ order, adminUrl: new URL("/admin", env().APP_URL).toString() }),
    notice: `new order ${order.orderNumber}`,
  });
}
