// The mail server is down: refusing connections, closing them at once, or accepting them and
// never answering. Sign-up, checkout and a status change still succeed; the failure is logged;
// the mail is tried again and arrives once the server is back; the customer can ask for the
// verification mail again.
import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as resendVerification } from "@/app/api/auth/resend-verification/route";
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as verifyResetPin } from "@/app/api/auth/verify-reset-pin/route";
import { resetEnvCache, shopEmail } from "@/lib/env";
import { detachedWorkDone } from "@/lib/http";
import { MAIL_RETRY_DELAYS_MS, mailRetriesDone } from "@/lib/mail";
import { messages } from "@/lib/messages";
import { resetRateLimitConfig } from "@/lib/rate-limit";
import type { OrderDto } from "@/models/order";
import {
  decodeMail,
  jsonRequest,
  pinIn,
  readResponse,
  uniqueEmail,
  verificationTokenIn,
} from "@/tests/support/auth-requests";
import { describeEachDatabase } from "@/tests/support/databases";
import { checkout, checkoutBody, createProduct, setOrderStatus } from "@/tests/support/shop";
import { startSmtpServer, type Received } from "@/tests/support/smtp";
import { createSignedInUser } from "@/tests/support/users";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lumiere-mail-down-"));
const savedDelays = [...MAIL_RETRY_DELAYS_MS];

/** A port on 127.0.0.1 where nothing listens: connections are refused. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP server that does `onSocket` to every connection: close it at once, or hold it silently. */
async function brokenServer(onSocket: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const useSmtp = (port: number) => {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
  resetEnvCache();
};

const signUp = async (email: string) =>
  readResponse(
    await signup(
      jsonRequest("/api/auth/signup", {
        body: { email, password: "silver-moon-7", firstName: "Rima", lastName: "Saad" },
      }),
    ),
  );

let logged: string[];

/** Mails sent after the answer, and their retries. */
async function backgroundDone() {
  await detachedWorkDone();
  await mailRetriesDone();
}

/**
 * Waits until `count` mails sent after their answers have failed a first time: the mail server is
 * brought back only then, for their retries (on a busy machine a first attempt can come late).
 */
async function firstAttemptsFailed(count: number) {
  const failed = () => logged.filter((line) => /^\[after response\] .* failed/.test(line)).length;
  for (let waited = 0; failed() < count; waited += 20) {
    if (waited > 20_000) throw new Error(`first attempts failed: ${failed()} of ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The subjects of the mails the test server received for `to`. */
const subjectsTo = (inbox: Received[], to: string) =>
  inbox
    .filter((mail) => mail.to.includes(to))
    .map((mail) => /^Subject: (.*)$/m.exec(decodeMail(mail.raw))?.[1] ?? "");

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  resetRateLimitConfig();
  // Quick retries, so the test sees them all; the shop's own wait seconds to a minute.
  MAIL_RETRY_DELAYS_MS.splice(0, Infinity, 300, 600, 900);
});
beforeEach(() => {
  logged = [];
  const record = (...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(" "));
  };
  jest.spyOn(console, "error").mockImplementation(record);
  jest.spyOn(console, "info").mockImplementation(record);
  jest.spyOn(console, "warn").mockImplementation(record);
});
afterEach(async () => {
  await backgroundDone();
  jest.restoreAllMocks();
});
afterAll(() => {
  MAIL_RETRY_DELAYS_MS.splice(0, Infinity, ...savedDelays);
  delete process.env.SMTP_URL;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describeEachDatabase("a mail server that is down", ({ db }) => {
  it.each([
    ["refuses connections", async () => ({ port: await deadPort(), close: async () => {} })],
    ["closes every connection at once", () => brokenServer((socket) => socket.destroy())],
    ["accepts connections and never answers", () => brokenServer(() => {})],
  ])(
    "sign-up succeeds when the mail server %s, and the failure is logged",
    async (_, start) => {
      const broken = await start();
      try {
        useSmtp(broken.port);
        const email = uniqueEmail("mail-down");
        const created = await signUp(email);
        expect(created.status).toBe(201);
        expect(created.body.user).toMatchObject({ email, isEmailVerified: false });
        await backgroundDone();
        expect(logged.join("\n")).toMatch(/could not send verification mail/);
        expect(logged.join("\n")).toMatch(/could not be sent after 4 attempts; giving up/);
      } finally {
        await broken.close();
      }
    },
    60_000,
  );

  it("sign-up answers without waiting for a mail server that says nothing", async () => {
    const silent = await brokenServer(() => {});
    try {
      useSmtp(silent.port);
      const email = uniqueEmail("silent");
      // The answer as the handler gives it, before the work it leaves running.
      const answer = await signup(
        jsonRequest("/api/auth/signup", {
          body: { email, password: "silver-moon-7", firstName: "Rima", lastName: "Saad" },
        }),
      );
      expect(answer.status).toBe(201);
      // The mail is still waiting for the server's greeting: the sign-up did not wait for it.
      expect(logged.join("\n")).not.toMatch(/could not send verification mail/);
    } finally {
      await silent.close();
    }
    await backgroundDone();
    expect(logged.join("\n")).toMatch(/could not send verification mail/);
  }, 60_000);

  it("a mail retried after its link or PIN was replaced is dropped: every mail that arrives works", async () => {
    const port = await deadPort();
    useSmtp(port);
    const email = uniqueEmail("replaced");
    const created = await signUp(email);
    const token = created.body.token as string;
    // While the server is down, the customer asks for a new link, and twice for a PIN.
    const resent = await resendVerification(
      jsonRequest("/api/auth/resend-verification", { token }),
    ).then(readResponse);
    expect(resent.status).toBe(503);
    for (let i = 0; i < 2; i++) {
      const asked = await forgotPassword(
        jsonRequest("/api/auth/forgot-password", { body: { email } }),
      ).then(readResponse);
      expect(asked.status).toBe(200);
    }

    // Back before the retries: only the newest link and PIN are delivered.
    const inbox: Received[] = [];
    const smtp = await startSmtpServer(inbox, { port });
    try {
      await backgroundDone();
      const mails = inbox.filter((m) => m.to.includes(email)).map((m) => decodeMail(m.raw));
      const links = mails.flatMap((mail) => verificationTokenIn(mail) ?? []);
      const pins = mails.flatMap((mail) => pinIn(mail) ?? []);
      expect({ links: links.length, pins: pins.length }).toEqual({ links: 1, pins: 1 });
      expect(
        logged.filter((line) => /dropped: what it carried was replaced/.test(line)),
      ).toHaveLength(2);
      const checked = await verifyResetPin(
        jsonRequest("/api/auth/verify-reset-pin", { body: { email, pin: pins[0] } }),
      ).then(readResponse);
      expect(checked.status).toBe(200);
    } finally {
      await smtp.close();
    }
  }, 60_000);

  it("the customer can ask for the verification mail again: refused while down, delivered once back", async () => {
    const port = await deadPort();
    useSmtp(port);
    const email = uniqueEmail("resend");
    const created = await signUp(email);
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    await backgroundDone();

    const resend = () =>
      resendVerification(jsonRequest("/api/auth/resend-verification", { token })).then(
        readResponse,
      );
    const whileDown = await resend();
    expect(whileDown).toMatchObject({
      status: 503,
      body: { error: messages.verification.resendFailed },
    });
    await backgroundDone();

    const inbox: Received[] = [];
    const smtp = await startSmtpServer(inbox, { port });
    try {
      const back = await resend();
      expect(back).toMatchObject({
        status: 200,
        body: { message: messages.verification.resendSuccess },
      });
      const mails = inbox.filter((m) => m.to.includes(email)).map((m) => decodeMail(m.raw));
      expect(mails).toHaveLength(1);
      expect(verificationTokenIn(mails[0]!)).toBeTruthy();
    } finally {
      await smtp.close();
    }
  });

  it("a status mail retried after the order moved on is dropped: 'on its way' never arrives after 'delivered'", async () => {
    const port = await deadPort();
    useSmtp(port);
    const customer = await createSignedInUser(db());
    const admin = await createSignedInUser(db(), { isAdmin: true });
    const product = await createProduct(db(), { name: "Late Ring", quantity: 5 });
    const placed = await checkout({
      token: customer.token,
      body: checkoutBody([{ productId: product.id, quantity: 1 }]),
    });
    const order = placed.body.order as OrderDto;
    // The owner catches up: out for delivery, then delivered, while the mail server is down.
    for (const status of ["out_for_delivery", "delivered"]) {
      const changed = await setOrderStatus({ id: order._id, status, token: admin.token });
      expect(changed.status).toBe(200);
    }

    // The order's two mails and both status mails have failed once.
    await firstAttemptsFailed(4);
    const inbox: Received[] = [];
    const smtp = await startSmtpServer(inbox, { port });
    try {
      await backgroundDone();
      const m = messages.orderMail;
      expect(subjectsTo(inbox, customer.user.email).sort()).toEqual(
        [m.confirmationSubject(order.orderNumber), m.deliveredSubject(order.orderNumber)]
          .map((subject) => `Lumière: ${subject}`)
          .sort(),
      );
    } finally {
      await smtp.close();
    }
  }, 60_000);

  it("checkout and a status change succeed while it is down; their mails are retried and arrive once it is back", async () => {
    const port = await deadPort();
    useSmtp(port);
    const customer = await createSignedInUser(db());
    const admin = await createSignedInUser(db(), { isAdmin: true });
    const product = await createProduct(db(), { name: "Retry Ring", quantity: 5 });

    const placed = await checkout({
      token: customer.token,
      body: checkoutBody([{ productId: product.id, quantity: 1 }]),
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order as OrderDto;
    const changed = await setOrderStatus({
      id: order._id,
      status: "out_for_delivery",
      token: admin.token,
    });
    expect(changed.status).toBe(200);

    await firstAttemptsFailed(3);
    const inbox: Received[] = [];
    const smtp = await startSmtpServer(inbox, { port });
    try {
      await backgroundDone();
      const m = messages.orderMail;
      expect(subjectsTo(inbox, customer.user.email).sort()).toEqual(
        [m.confirmationSubject(order.orderNumber), m.outForDeliverySubject(order.orderNumber)]
          .map((subject) => `Lumière: ${subject}`)
          .sort(),
      );
      expect(subjectsTo(inbox, shopEmail())).toContain(
        `Lumière: ${m.noticeSubject(order.orderNumber)}`,
      );
      // Each on a retry (the first, unless this machine was too busy to start the server in time).
      expect(logged.filter((line) => /sent on retry \d/.test(line))).toHaveLength(3);
    } finally {
      await smtp.close();
    }
  }, 60_000);
});
