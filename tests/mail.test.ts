import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { GET as profile } from "@/app/api/auth/profile/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as verifyResetPin } from "@/app/api/auth/verify-reset-pin/route";
import { resetEnvCache } from "@/lib/env";
import { sendMail, sendVerificationMail } from "@/lib/mail";
import { verificationMail } from "@/lib/mail-templates";
import { messages } from "@/lib/messages";
import { describeEachDatabase } from "@/tests/support/databases";
import {
  decodeMail,
  jsonRequest,
  outboxMails,
  pinIn,
  readResponse,
  uniqueEmail,
  verificationTokenIn,
} from "@/tests/support/auth-requests";
import { startSmtpServer, type ConnectionCount, type Received } from "@/tests/support/smtp";

const waitFor = async <T>(find: () => T | undefined, ms = 5000): Promise<T> => {
  for (const start = Date.now(); Date.now() - start < ms;) {
    const found = find();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("mail did not arrive");
};

describeEachDatabase("mail through SMTP", () => {
  const inbox: Received[] = [];
  let server: SMTPServer;
  let connections: ConnectionCount;

  beforeAll(async () => {
    const started = await startSmtpServer(inbox);
    server = started.server;
    connections = started.connections;
    process.env.SMTP_URL = `smtp://127.0.0.1:${started.port}/?ignoreTLS=true`;
    resetEnvCache();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const mailTo = (email: string, subject: RegExp) =>
    waitFor(() =>
      inbox
        .filter((m) => m.to.includes(email))
        .map((m) => decodeMail(m.raw))
        .find((m) => subject.test(m)),
    );

  it("delivers the verification link, which verifies the email", async () => {
    const email = uniqueEmail("smtp");
    const created = await readResponse(
      await signup(
        jsonRequest("/api/auth/signup", {
          body: { email, password: "silver-moon-7", firstName: "Rima", lastName: "Saad" },
        }),
      ),
    );
    expect(created.status).toBe(201);
    const mail = await mailTo(email, /Subject: .*verify your email/);
    expect(mail).toMatch(/^From: .*hello@lumiere-jewelry\.example/m);
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toContain("Hello Rima,");
    expect(mail).toContain("http://localhost:3000/verify-email?token=");
    const token = verificationTokenIn(mail)!;
    const verified = await readResponse(
      await verifyEmail(jsonRequest("/api/auth/verify-email", { body: { token } })),
    );
    expect(verified).toMatchObject({
      status: 200,
      body: { message: messages.verification.success },
    });
    const me = await readResponse(
      await profile(
        jsonRequest("/api/auth/profile", { method: "GET", token: created.body.token as string }),
      ),
    );
    expect(me.body.user).toMatchObject({ isEmailVerified: true });
  });

  it("delivers the reset PIN, which leads to a new password", async () => {
    const email = uniqueEmail("smtp-pin");
    await signup(
      jsonRequest("/api/auth/signup", {
        body: { email, password: "silver-moon-7", firstName: "Rima", lastName: "Saad" },
      }),
    );
    await forgotPassword(jsonRequest("/api/auth/forgot-password", { body: { email } }));
    const mail = await mailTo(email, /Subject: .*reset PIN/);
    const pin = pinIn(mail)!;
    expect(pin).toMatch(/^\d{6}$/);
    expect(mail).toContain("valid for 10 minutes");
    const { body } = await readResponse(
      await verifyResetPin(jsonRequest("/api/auth/verify-reset-pin", { body: { email, pin } })),
    );
    const reset = await readResponse(
      await resetPassword(
        jsonRequest("/api/auth/reset-password", {
          body: { resetToken: body.resetToken, newPassword: "fresh-pearl-3" },
        }),
      ),
    );
    expect(reset).toMatchObject({ status: 200, body: { user: { email } } });
  });

  it("hands a burst of mails to the mail server a few at a time", async () => {
    const email = uniqueEmail("smtp-burst");
    const before = connections.total;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendMail({
          to: email,
          content: { subject: `Order ${i}`, text: `Order ${i}`, html: `<p>Order ${i}</p>` },
        }),
      ),
    );
    expect(inbox.filter((m) => m.to.includes(email))).toHaveLength(30);
    expect(connections.total - before).toBe(30);
    expect(connections.mostOpen).toBeLessThanOrEqual(5);
  });

  it("sends a customer's reply to the shop's contact address when mail goes out from another", async () => {
    process.env.MAIL_FROM = "Lumière Jewelry <no-reply@mailer.example>";
    process.env.CONTACT_EMAIL = "owner@lumiere.example";
    resetEnvCache();
    try {
      const email = uniqueEmail("smtp-reply");
      const content = { subject: "Your order", text: "Thank you", html: "<p>Thank you</p>" };
      await sendMail({ to: email, content });
      await sendMail({ to: "shop@lumiere.example", content, replyTo: email });
      expect(await mailTo(email, /Subject: Your order/)).toMatch(
        /^Reply-To: owner@lumiere\.example$/m,
      );
      const notice = await mailTo("shop@lumiere.example", /Subject: Your order/);
      expect(notice).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, "\\$&")}$`, "m"));
    } finally {
      delete process.env.MAIL_FROM;
      delete process.env.CONTACT_EMAIL;
      resetEnvCache();
    }
  });

  it("does not fail sign-up when the mail server is down", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    process.env.SMTP_URL = "smtp://127.0.0.1:1/?ignoreTLS=true&connectionTimeout=500";
    resetEnvCache();
    try {
      const result = await readResponse(
        await signup(
          jsonRequest("/api/auth/signup", {
            body: {
              email: uniqueEmail(),
              password: "silver-moon-7",
              firstName: "A",
              lastName: "B",
            },
          }),
        ),
      );
      expect(result.status).toBe(201);
      expect(errors).toHaveBeenCalledWith(
        expect.stringContaining("could not send verification mail"),
        expect.anything(),
      );
    } finally {
      errors.mockRestore();
      process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}/?ignoreTLS=true`;
      resetEnvCache();
    }
  });
});

describe("mail outbox (no SMTP_URL)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-outbox-"));

  beforeAll(() => {
    delete process.env.SMTP_URL;
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("writes each mail as an .eml file under DATA_DIR/outbox and logs its link", async () => {
    const info = jest.spyOn(console, "info").mockImplementation(() => {});
    const email = uniqueEmail("outbox");
    await sendVerificationMail({ to: { email, firstName: "Lea" }, token: "abc_DEF-123" });
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const [mail] = outboxMails(dataDir, email);
    expect(mail).toContain("http://localhost:3000/verify-email?token=abc_DEF-123");
    expect(mail).toContain("valid for 24 hours");
    expect(info).toHaveBeenCalledWith(
      expect.stringContaining(
        "verification link http://localhost:3000/verify-email?token=abc_DEF-123",
      ),
    );
    info.mockRestore();
  });

  it("escapes what the shopper typed in the HTML part and keeps a text part", async () => {
    jest.spyOn(console, "info").mockImplementation(() => {});
    const email = uniqueEmail("escape");
    const content = verificationMail({
      firstName: '<img src=x onerror="alert(1)">',
      link: "http://localhost:3000/verify-email?token=t",
      validHours: 24,
    });
    expect(content.html).not.toContain("<img src=x");
    expect(content.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(content.text).toContain("Hello <img");
    await sendMail({ to: email, content });
    expect(outboxMails(dataDir, email)).toHaveLength(1);
  });

  it("makes the outbox again when it was removed meanwhile", async () => {
    jest.spyOn(console, "info").mockImplementation(() => {});
    fs.rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
    const email = uniqueEmail("again");
    await sendVerificationMail({ to: { email, firstName: "Lea" }, token: "t" });
    expect(outboxMails(dataDir, email)).toHaveLength(1);
  });
});
