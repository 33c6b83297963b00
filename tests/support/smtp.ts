// A real SMTP server in the test process: every message it accepts lands in `inbox`.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string };

/** Listens on 127.0.0.1, on `port` or a free one. */
export function startSmtpServer(
  inbox: Received[],
  { port = 0 }: { port?: number } = {},
): Promise<{ server: SMTPServer; port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        server,
        port: (server.server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
