// Reads the mails the end-to-end server writes to its outbox folder (SMTP_URL is unset there).
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { shopDataDir } from "./shop";

const outbox = path.resolve(shopDataDir, "outbox");

export type Mail = { file: string; to: string; text: string; html: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodePart(part: string): string {
  const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** An .eml file's text/plain part (else the whole decoded body) and its text/html part. */
function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const to = /^To:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? "";
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const plain = parts.find((part) => /content-type:\s*text\/plain/i.test(part)) ?? parts[0] ?? "";
  const html = parts.find((part) => /content-type:\s*text\/html/i.test(part));
  return { file, to, text: decodePart(plain), html: html ? decodePart(html) : "" };
}

function mailsTo(address: string): Mail[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(path.join(outbox, name)))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** A mailbox for one address: waits for the next mail that arrives after the last one read. */
export class Mailbox {
  private seen = new Set<string>();

  constructor(readonly address: string) {
    for (const mail of mailsTo(address)) this.seen.add(mail.file);
  }

  async next(matching: RegExp): Promise<Mail> {
    let found: Mail | undefined;
    await expect
      .poll(
        () => {
          found = mailsTo(this.address).find(
            (mail) => !this.seen.has(mail.file) && matching.test(mail.text),
          );
          return Boolean(found);
        },
        { message: `a mail to ${this.address} matching ${matching}`, timeout: 15_000 },
      )
      .toBe(true);
    this.seen.add(found!.file);
    return found!;
  }

  /** The verification link of the next verification mail, as a path on the shop. */
  async verificationLink(): Promise<string> {
    const mail = await this.next(/\/verify-email\?token=/);
    const link = /https?:\/\/\S+\/verify-email\?token=[\w%-]+/.exec(mail.text)?.[0];
    expect(link, "verification link in the mail").toBeTruthy();
    const url = new URL(link!);
    return `${url.pathname}${url.search}`;
  }

  /** The link of the next password reset mail, as a path on the shop with its fragment. */
  async resetLink(): Promise<string> {
    const mail = await this.next(/\?auth=reset-password#resetToken=/);
    const link = /https?:\/\/\S+\?auth=reset-password#resetToken=[\w-]+/.exec(mail.text)?.[0];
    expect(link, "reset link in the mail").toBeTruthy();
    const url = new URL(link!);
    return `${url.pathname}${url.search}${url.hash}`;
  }

  /** The six-digit PIN of the next password reset mail. */
  async resetPin(): Promise<string> {
    const mail = await this.next(/\bPIN\b[\s\S]*\b\d{6}\b/);
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }
}
