// Request limits on a real server process (docs/decisions/0020): oversized bodies are refused
// with 413 before they are read, whether declared by Content-Length or sent chunked, so five
// 50 MB uploads to the unauthenticated webhook leave the server's memory where it was; and a
// client that sends its headers or its body too slowly is disconnected by Node's timeouts.
import { readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTemplate } from "./helpers/prereqs";
import { copyTemplate, type ServerProcess, startServer } from "./helpers/server";

const MB = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 3_000;

interface RawAnswer {
  status: number;
  text: string;
  /** Body bytes the client managed to write before the server answered or closed. */
  sent: number;
  /** When the socket closed, in ms after the request started. */
  closedAfterMs: number;
}

/**
 * Writes `head`, then up to `bodyBytes` of body (raw or chunked framing) as fast as the server
 * takes it, stops writing at the first byte of an answer, and resolves when the socket closes.
 */
function rawRequest(
  port: number,
  head: string,
  opts: { bodyBytes?: number; chunked?: boolean; stallAfterHead?: boolean; maxMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: "127.0.0.1", port });
    let answer = "";
    let sent = 0;
    let answered = false;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`socket still open after ${opts.maxMs ?? 20_000} ms; got: ${answer.slice(0, 200)}`));
    }, opts.maxMs ?? 20_000);
    const finish = () => {
      clearTimeout(limit);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, text: answer, sent, closedAfterMs: Date.now() - started });
    };
    socket.on("data", (b: Buffer) => {
      answered = true;
      answer += b.toString("latin1");
      // A whole answer on a connection the server keeps open counts as answered, too.
      const end = answer.indexOf("\r\n\r\n");
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer)?.[1] ?? -1);
      if (end >= 0 && length >= 0 && answer.length >= end + 4 + length) socket.destroy();
    });
    // The server may close while we are still writing: that is the point, not a failure.
    socket.on("error", () => {});
    socket.on("close", finish);
    socket.on("connect", async () => {
      socket.write(head);
      if (opts.stallAfterHead) return;
      const total = opts.bodyBytes ?? 0;
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      while (sent < total && !answered && !socket.destroyed) {
        const n = Math.min(chunk.length, total - sent);
        const piece = opts.chunked
          ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), chunk.subarray(0, n), Buffer.from("\r\n")])
          : chunk.subarray(0, n);
        sent += n;
        if (!socket.write(piece)) await writable(socket);
      }
      if (opts.chunked && !answered && !socket.destroyed) socket.write("0\r\n\r\n");
    });
  });
}

/** Resolves when the socket takes more data, or closes. */
function writable(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    socket.on("drain", done);
    socket.on("close", done);
  });
}

interface KeepAliveExchange {
  status: number;
  head: string;
  body: string;
  /** The connection was reset (ECONNRESET) before the client had read the whole answer. */
  resetBeforeWhole: boolean;
  /** The server ended the connection cleanly (FIN) after the answer. */
  serverEnded: boolean;
  /** The status of the client's next request, sent where a keep-alive client sends it. */
  next: number;
}

/** One HTTP/1.1 answer from a socket: resolves once its head and Content-Length body are in. */
function readAnswer(socket: Socket, maxMs: number): Promise<{ head: string; body: string } | null> {
  return new Promise((resolve) => {
    let got = "";
    const done = (v: { head: string; body: string } | null) => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("close", onClose);
      resolve(v);
    };
    const timer = setTimeout(() => done(null), maxMs);
    const onData = (b: Buffer) => {
      got += b.toString("latin1");
      const end = got.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = got.slice(0, end);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (got.length >= end + 4 + length) done({ head, body: got.slice(end + 4, end + 4 + length) });
    };
    const onClose = () => done(null);
    socket.on("data", onData);
    socket.on("close", onClose);
  });
}

/**
 * A keep-alive client, as browsers and HTTP libraries behave: declares a body over the limit,
 * writes it until the answer starts, reads the answer, and sends its next request on the same
 * connection unless the answer said `Connection: close` (then on a new one).
 */
async function keepAliveExchange(port: number, head: string, bodyBytes: number): Promise<KeepAliveExchange> {
  const socket = connect({ host: "127.0.0.1", port });
  let reset = false;
  let whole = false;
  let serverEnded = false;
  socket.on("error", () => {
    if (!whole) reset = true;
  });
  socket.on("end", () => {
    serverEnded = true;
  });
  await new Promise((resolve) => socket.once("connect", resolve));
  const answer = readAnswer(socket, 10_000);
  void answer.then((v) => {
    whole = v !== null;
  });
  let answered = false;
  socket.write(head);
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  let sent = 0;
  socket.once("data", () => {
    answered = true;
  });
  while (sent < bodyBytes && !answered && !socket.destroyed) {
    sent += chunk.length;
    if (!socket.write(chunk)) await writable(socket);
  }
  const first = await answer;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(first?.head ?? "")?.[1] ?? 0);
  const healthz = "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";
  let next = 0;
  if (first && /\r\nconnection: close/i.test(first.head)) {
    // Told to go: the server closes its side once the client stops sending; then a new connection.
    await new Promise<void>((resolve) => {
      if (socket.destroyed || serverEnded) return resolve();
      const limit = setTimeout(resolve, 5_000);
      socket.once("end", () => {
        clearTimeout(limit);
        resolve();
      });
      socket.once("close", () => {
        clearTimeout(limit);
        resolve();
      });
      // The client has nothing more to send: it closes its side, as a client that read "close" does.
      socket.end();
    });
    const fresh = connect({ host: "127.0.0.1", port });
    fresh.on("error", () => {});
    fresh.write(healthz);
    const again = await readAnswer(fresh, 5_000);
    next = Number(/^HTTP\/1\.1 (\d{3})/.exec(again?.head ?? "")?.[1] ?? 0);
    fresh.destroy();
  } else if (first && !socket.destroyed) {
    socket.write(healthz);
    const again = await readAnswer(socket, 3_000);
    next = Number(/^HTTP\/1\.1 (\d{3})/.exec(again?.head ?? "")?.[1] ?? 0);
  }
  socket.destroy();
  return {
    status,
    head: first?.head ?? "",
    body: first?.body ?? "",
    resetBeforeWhole: reset,
    serverEnded,
    next,
  };
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

const webhookHead = (extra: string) =>
  `POST /api/v1/payments/webhook/test HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${extra}\r\n`;

describe("request limits on a real server", () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = copyTemplate(await demoTemplate(), "limits");
    server = await startServer({ dataDir, env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("five 50 MB bodies declared to the webhook: 413 before they are read, memory stays flat", async () => {
    // Warm the route up, so lazily loaded code does not count as growth.
    expect(
      (await server.send("localhost", "/api/v1/payments/webhook/test", { method: "POST", body: "{}" }))
        .status,
    ).toBe(200);
    const before = rssOf(server.child.pid as number);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        rawRequest(server.port, webhookHead(`Content-Length: ${50 * MB}\r\n`), { bodyBytes: 50 * MB }),
      ),
    );
    const after = rssOf(server.child.pid as number);
    console.log(`request limits: server RSS ${before >> 20} MB -> ${after >> 20} MB over 5 x 50 MB bodies`);
    for (const a of answers) {
      expect(a.status, a.text.slice(0, 300)).toBe(413);
      expect(a.text).toMatch(/"error":"payload_too_large"/);
      // The server stopped taking the body long before its end.
      expect(a.sent).toBeLessThan(50 * MB);
    }
    expect(after - before, `RSS ${before >> 20} MB -> ${after >> 20} MB`).toBeLessThan(64 * MB);
    expect(server.alive()).toBe(true);
  });

  it("a chunked body is cut off with 413 once it passes the limit", async () => {
    const a = await rawRequest(server.port, webhookHead("Transfer-Encoding: chunked\r\n"), {
      bodyBytes: 20 * MB,
      chunked: true,
    });
    expect(a.status, a.text.slice(0, 300)).toBe(413);
    expect(a.text).toMatch(/"error":"payload_too_large"/);
    expect(a.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(a.sent).toBeLessThan(20 * MB);
  });

  it("a keep-alive client reads the whole 413 with Connection: close, and its next request works", async () => {
    const declared = webhookHead(`Connection: keep-alive\r\nContent-Length: ${50 * MB}\r\n`);
    const runs = await Promise.all([
      keepAliveExchange(server.port, declared, 50 * MB),
      keepAliveExchange(server.port, declared, 50 * MB),
      keepAliveExchange(server.port, declared, 2 * MB),
    ]);
    for (const run of runs) {
      expect(run.status, run.head).toBe(413);
      expect(run.head).toMatch(/\r\nconnection: close/i);
      expect(run.head).not.toMatch(/keep-alive/i);
      expect(JSON.parse(run.body)).toMatchObject({ error: "payload_too_large" });
      expect(run.resetBeforeWhole).toBe(false);
      expect(run.serverEnded, "the server closes its side after the answer").toBe(true);
      expect(run.next, "the next request").toBe(200);
    }
    expect(server.alive()).toBe(true);
  });

  it("a client that never finishes its headers is disconnected after the headers timeout", async () => {
    const a = await rawRequest(server.port, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1", {
      stallAfterHead: true,
      maxMs: REQUEST_TIMEOUT_MS + 8_000,
    });
    expect(a.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 500);
    expect([0, 408]).toContain(a.status);
  });

  it("a client that never finishes its body is disconnected after the request timeout", async () => {
    const a = await rawRequest(server.port, `${webhookHead("Content-Length: 1000\r\n")}{"EventTypeId":`, {
      stallAfterHead: true,
      maxMs: REQUEST_TIMEOUT_MS + 8_000,
    });
    expect(a.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 500);
    expect([0, 408]).toContain(a.status);
    // The abandoned request hurt nothing.
    expect((await server.send("localhost", "/healthz")).status).toBe(200);
    expect(server.alive()).toBe(true);
  });
});
