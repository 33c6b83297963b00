// A real SMTP server in the test process: every message it accepts lands in `inbox`.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string };

/** Connections the server has taken so far, and the most it has held open at once. */
export type ConnectionCount = { total: number; open: number; mostOpen: number };

/** Listens on 127.0.0.1, on `port` or a free one. */
export function startSmtpServer(
  inbox: Received[],
  { port = 0 }: { port?: number } = {},
): Promise<{
  server: SMTPServer;
  port: number;
  connections: ConnectionCount;
  close: () => Promise<void>;
}> {
  const connections: ConnectionCount = { total: 0, open: 0, mostOpen: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections.total++;
      connections.mostOpen = Math.max(connections.mostOpen, ++connections.open);
      callback();
    },
    onClose() {
      connections.open--;
    },
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
        connections,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
