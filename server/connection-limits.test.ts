import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { messages } from "@/lib/messages";
import { cameOnRefusedConnection, limitConnections } from "@/server/connection-limits.mjs";

let server: http.Server;
let port = 0;

async function start(options: Parameters<typeof limitConnections>[1]) {
  server = http.createServer((req, res) => {
    if (cameOnRefusedConnection(req)) return;
    res.writeHead(200, { "Content-Type": "text/plain" }).end("served");
  });
  limitConnections(server, options);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw connection: what it has received so far, and whether the server closed it. */
async function connect() {
  const socket = net.connect(port, "127.0.0.1");
  const state = { received: "", closed: false, socket };
  socket.on("data", (chunk) => (state.received += chunk));
  socket.on("close", () => (state.closed = true));
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  return state;
}

const request = "GET / HTTP/1.1\r\nHost: shop\r\n\r\n";
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await wait(10);
  return check();
};

test("a connection that sends nothing in time is closed", async () => {
  await start({ perAddress: false, firstByteMs: 150 });
  const idle = await connect();
  await wait(50);
  expect(idle.closed).toBe(false);
  expect(await until(() => idle.closed)).toBe(true);
  expect(idle.received).toBe("");
});

test("a connection that sent a request stays open for the next one", async () => {
  await start({ perAddress: false, firstByteMs: 150 });
  const client = await connect();
  client.socket.write(request);
  expect(await until(() => client.received.includes("served"))).toBe(true);
  await wait(300);
  expect(client.closed).toBe(false);
  client.received = "";
  client.socket.write(request);
  expect(await until(() => client.received.includes("served"))).toBe(true);
  client.socket.destroy();
});

test("one address holds at most `max` connections; one past it is answered 429 and closed", async () => {
  await start({ perAddress: true, max: 3 });
  const held = await Promise.all([connect(), connect(), connect()]);
  const refused = await connect();
  refused.socket.write(request);
  expect(await until(() => refused.closed)).toBe(true);
  const [head, body] = refused.received.split("\r\n\r\n");
  expect(head).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
  expect(head).toMatch(/\r\nConnection: close(\r\n|$)/);
  expect(head).toMatch(/\r\nRetry-After: 1(\r\n|$)/);
  expect(head).toMatch(/\r\nCache-Control: private, no-store(\r\n|$)/);
  expect(JSON.parse(body ?? "")).toEqual({ error: messages.api.tooManyRequests });
  // The request sent on it got nothing more than the refusal.
  expect(refused.received.match(/HTTP\/1\.1/g)).toHaveLength(1);

  for (const client of held) expect(client.closed).toBe(false);
  held[0].socket.destroy();
  await wait(50);
  const next = await connect();
  next.socket.write(request);
  expect(await until(() => next.received.includes("served"))).toBe(true);
  expect(next.received).toMatch(/^HTTP\/1\.1 200 /);
  for (const client of [...held, next]) client.socket.destroy();
});

test("behind proxies connections are not counted per address", async () => {
  await start({ perAddress: false, max: 2 });
  const clients = await Promise.all([connect(), connect(), connect(), connect()]);
  for (const client of clients) client.socket.write(request);
  for (const client of clients) {
    expect(await until(() => client.received.includes("served"))).toBe(true);
    client.socket.destroy();
  }
});
