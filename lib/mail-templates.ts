import "server-only";
import { SHOP_NAME } from "@/lib/constants";
import { dollarsToCents, formatDate, formatPrice, lineAmount } from "@/lib/format";
import { messages } from "@/lib/messages";
import { addressLines, paymentMethodLabel } from "@/lib/order-rules";
import type { OrderDto } from "@/models/order";

export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const greeting = (firstName: string) =>
  firstName.trim() ? `Hello ${firstName.trim()},` : "Hello,";

type Action = { label: string; href: string; textLead?: string };
/** A label and its value, such as an item and its price or "Total" and the amount. */
type Row = [label: string, value: string];

/**
 * Lets a word wider than a phone's screen (a map link pasted into the notes, a long product name)
 * break anywhere: unbroken, it widens the whole mail past the screen, prices and all. Inline on
 * each element like every style of a mail; word-break for the mail apps that know no
 * overflow-wrap:anywhere.
 */
const WRAP = "overflow-wrap:anywhere;word-break:break-word";

/** The one branded frame every mail shares: ivory card, serif shop name, gold accents. */
function layout({
  title,
  paragraphs,
  rows,
  action,
  code,
  note,
}: {
  title: string;
  paragraphs: string[];
  rows?: Row[];
  action?: Action;
  code?: string;
  note?: string;
}): string {
  const p = (html: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#2b2622;${WRAP}">${escapeHtml(html)}</p>`;
  const row = ([label, value]: Row) =>
    `<tr><td style="padding:6px 12px 6px 0;border-bottom:1px solid #f0e9df;font-size:14px;line-height:1.5;color:#7a7068;vertical-align:top;${WRAP}">${escapeHtml(label)}</td><td style="padding:6px 0;border-bottom:1px solid #f0e9df;font-size:14px;line-height:1.5;color:#2b2622;text-align:right;white-space:pre-line;${WRAP}">${escapeHtml(value)}</td></tr>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#fbf8f3;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e8dfd3;border-radius:8px">
<tr><td style="padding:28px 32px 8px;text-align:center;font-family:Georgia,serif;font-size:26px;letter-spacing:2px;color:#2b2622">${SHOP_NAME}</td></tr>
<tr><td style="padding:0 32px 8px;text-align:center;font-size:11px;letter-spacing:3px;text-transform:uppercase;color:#a8843f">Handmade jewelry</td></tr>
<tr><td style="padding:24px 32px 8px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-weight:normal;font-size:20px;color:#2b2622">${escapeHtml(title)}</h1>
${paragraphs.map(p).join("\n")}
${rows?.length ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px">${rows.map(row).join("")}</table>` : ""}
${code ? `<p style="margin:8px 0 24px;text-align:center;font-family:Menlo,monospace;font-size:32px;letter-spacing:8px;color:#2b2622"><strong>${escapeHtml(code)}</strong></p>` : ""}
${
  action
    ? `<p style="margin:8px 0 24px;text-align:center"><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:12px 28px;background:#2b2622;color:#fbf8f3;text-decoration:none;border-radius:4px;font-size:14px;letter-spacing:1px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;line-height:1.6;color:#7a7068;word-break:break-all">Or paste this link into your browser: ${escapeHtml(action.href)}</p>`
    : ""
}
${note ? `<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#7a7068;${WRAP}">${escapeHtml(note)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e8dfd3;font-size:12px;color:#7a7068">With love, the ${SHOP_NAME} team · Handcrafted in Lebanon</td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * A mail's text and HTML parts from the same parts, in the same order: greeting, paragraphs, the
 * rows, then the code, the link and the note. Every value is plain text; the HTML part escapes it.
 */
function compose({
  subject,
  title,
  firstName,
  paragraphs,
  rows,
  action,
  code,
  note,
}: {
  subject: string;
  title: string;
  firstName: string;
  paragraphs: string[];
  rows?: Row[];
  action?: Action;
  code?: string;
  note?: string;
}): MailContent {
  const body = [greeting(firstName), ...paragraphs];
  const text = [
    ...body,
    // A value's further lines (an address, notes) indented under it: at the margin, a note's line
    // "Total: $1" would read as a row of the order.
    ...(rows?.length
      ? [rows.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, "\n  ")}`).join("\n")]
      : []),
    ...(code ? [`    ${code}`] : []),
    ...(action ? [action.textLead ? `${action.textLead}: ${action.href}` : action.href] : []),
    ...(note ? [note] : []),
  ].join("\n\n");
  return {
    subject: `${SHOP_NAME}: ${subject}`,
    text: `${text}\n\nWith love,\nThe ${SHOP_NAME} team`,
    html: layout({ title, paragraphs: body, rows, action, code, note }),
  };
}

export function verificationMail({
  firstName,
  link,
  validHours,
}: {
  firstName: string;
  link: string;
  validHours: number;
}): MailContent {
  return compose({
    subject: "verify your email address",
    title: "Verify your email address",
    firstName,
    paragraphs: [
      `Thank you for joining ${SHOP_NAME}. Please confirm your email address to place orders and keep your cart and wishlist in sync.`,
    ],
    action: { label: "Verify my email", href: link, textLead: "Verify your email" },
    note: `This link is valid for ${validHours} hours and can be used once. If you did not create an account, you can ignore this email.`,
  });
}

export function resetPinMail({
  firstName,
  pin,
  link,
  validMinutes,
}: {
  firstName: string;
  pin: string;
  /** Opens the new-password step at once: no PIN to type, and no guesses of others to wait out. */
  link: string;
  validMinutes: number;
}): MailContent {
  return compose({
    subject: "your password reset PIN",
    title: "Your password reset PIN",
    firstName,
    paragraphs: ["We received a request to reset your password. Enter this PIN to continue:"],
    code: pin,
    action: {
      label: "Choose a new password",
      href: link,
      textLead: "Or choose a new password here",
    },
    note: `The PIN and the link are valid for ${validMinutes} minutes and can be used once. If you did not ask to reset your password, you can ignore this email: your password stays the same.`,
  });
}

export function passwordChangedMail({
  firstName,
  shopUrl,
}: {
  firstName: string;
  shopUrl: string;
}): MailContent {
  return compose({
    subject: "your password was changed",
    title: "Your password was changed",
    firstName,
    paragraphs: [
      `The password of your ${SHOP_NAME} account was just changed, and every other device was signed out.`,
      "If you did not make this change, reset your password right away from the sign-in window (Forgot password) and contact us.",
    ],
    action: { label: `Visit ${SHOP_NAME}`, href: shopUrl },
  });
}

export function accountDeletedMail({
  firstName,
  shopUrl,
}: {
  firstName: string;
  shopUrl: string;
}): MailContent {
  return compose({
    subject: "your account has been deleted",
    title: "Your account has been deleted",
    firstName,
    paragraphs: [
      `Your ${SHOP_NAME} account and its saved cart and wishlist have been deleted. Orders you placed are kept for our delivery and accounting records.`,
      "We are sorry to see you go. You are always welcome back.",
    ],
    action: { label: `Visit ${SHOP_NAME}`, href: shopUrl },
  });
}

const money = (dollars: number, currency: OrderDto["currency"]) => {
  const cents = dollarsToCents(dollars);
  return currency === "LBP"
    ? `${formatPrice(cents, "LBP")} (${formatPrice(cents)})`
    : formatPrice(cents);
};

/** An order's pieces, a row each: quantity and name, and what they cost. */
const itemRows = (order: OrderDto): Row[] =>
  order.items.map((item): Row => [
    messages.orderMail.itemLine(item.quantity, item.name),
    money(lineAmount(item), order.currency),
  ]);

/** What both order mails list: the items, the money, the delivery. */
function orderRows(order: OrderDto): Row[] {
  const m = messages.orderMail;
  return [
    ...itemRows(order),
    [m.subtotal, money(order.subtotal, order.currency)],
    [m.delivery, money(order.deliveryFee, order.currency)],
    ...(order.discount
      ? [
          [
            m.discount(order.discount.percentage),
            `− ${money(order.discount.amount, order.currency)}`,
          ] as Row,
        ]
      : []),
    [m.total, money(order.totalAmount, order.currency)],
    [m.payment, paymentMethodLabel(order.paymentMethod)],
    [m.estimatedDelivery, formatDate(order.estimatedDelivery, "long")],
    [m.deliverTo, addressLines(order.shippingAddress).join("\n")],
    [m.phone, order.phoneNumber],
    ...(order.notes ? [[m.notes, order.notes] as Row] : []),
  ];
}

export function orderConfirmationMail({
  firstName,
  order,
  ordersUrl,
}: {
  firstName: string;
  order: OrderDto;
  ordersUrl: string;
}): MailContent {
  const m = messages.orderMail;
  return compose({
    subject: m.confirmationSubject(order.orderNumber),
    title: m.confirmationTitle,
    firstName,
    paragraphs: [m.confirmationText(order.orderNumber)],
    rows: orderRows(order),
    action: { label: m.viewOrders, href: ordersUrl },
    note: m.confirmationNote,
  });
}

export function newOrderNoticeMail({
  order,
  adminUrl,
}: {
  order: OrderDto;
  adminUrl: string;
}): MailContent {
  const m = messages.orderMail;
  const customer = order.userId;
  return compose({
    subject: m.noticeSubject(order.orderNumber),
    title: m.noticeTitle,
    firstName: "",
    paragraphs: [
      m.noticeText(
        order.orderNumber,
        customer
          ? `${customer.firstName} ${customer.lastName}`.trim()
          : order.shippingAddress.fullName,
        customer?.email ?? "",
      ),
    ],
    rows: orderRows(order),
    action: { label: m.openAdmin, href: adminUrl },
  });
}

/** The statuses a customer hears of by mail when an order reaches them. */
export const MAILED_STATUSES = ["out_for_delivery", "delivered", "cancelled"] as const;
type MailedStatus = (typeof MAILED_STATUSES)[number];

export const isMailedStatus = (status: string): status is MailedStatus =>
  (MAILED_STATUSES as readonly string[]).includes(status);

/** The customer's notice that the order is out for delivery, delivered or cancelled. */
export function orderStatusMail({
  firstName,
  order,
  ordersUrl,
  afterDelivery = false,
}: {
  firstName: string;
  order: OrderDto;
  ordersUrl: string;
  /** A cancelled order was delivered first: its cash was collected, so nothing "is owed". */
  afterDelivery?: boolean;
}): MailContent {
  const m = messages.orderMail;
  const { subject, title, text } = {
    out_for_delivery: {
      subject: m.outForDeliverySubject,
      title: m.outForDeliveryTitle,
      text: m.outForDeliveryText,
    },
    delivered: { subject: m.deliveredSubject, title: m.deliveredTitle, text: m.deliveredText },
    cancelled: {
      subject: m.cancelledSubject,
      title: m.cancelledTitle,
      text: afterDelivery ? m.cancelledAfterDeliveryText : m.cancelledText,
    },
  }[order.status as MailedStatus];
  return compose({
    subject: subject(order.orderNumber),
    title,
    firstName,
    paragraphs: [text(order.orderNumber)],
    // A cancelled order names what was cancelled: no payment, delivery date or address is due.
    rows:
      order.status === "cancelled"
        ? [...itemRows(order), [m.total, money(order.totalAmount, order.currency)]]
        : orderRows(order),
    // A cancelled order is listed under neither of My Orders' tabs: the mail leads to the shop.
    action:
      order.status === "cancelled"
        ? { label: m.visitShop, href: new URL("/", ordersUrl).toString() }
        : { label: m.viewOrders, href: ordersUrl },
  });
}
