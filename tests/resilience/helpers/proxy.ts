// A small loopback reverse proxy in front of several server instances, as a load balancer would
// be: round robin, Host passed through, X-Forwarded-For appended, bodies streamed both ways.
// An instance that refuses the connection is skipped and the request goes to the next one; that
// is safe only because nothing of the request was sent yet. Once a request has reached an
// instance it is never repeated (an order must not be placed twice), so an instance dying
// mid-request fails that request, as a real proxy does for a non-idempotent request.
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";

export interface LoopbackProxy {
  port: number;
  /** Requests each upstream port answered (with any status), for checking the spread. */
  served: Map<number, number>;
  /** Requests no upstream would take (every one refused the connection). */
  unavailable(): number;
  close(): Promise<void>;
}

function connectTo(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.removeListener("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

export async function startProxy(upstreams: number[]): Promise<LoopbackProxy> {
  if (upstreams.length === 0) throw new Error("a proxy needs at least one upstream");
  const served = new Map(upstreams.map((p) => [p, 0]));
  let next = 0;
  let refusedAll = 0;

  /** The next upstream that accepts a connection, starting after the last one used. */
  const pickConnection = async (): Promise<{ port: number; socket: Socket } | null> => {
    const start = next++;
    for (let i = 0; i < upstreams.length; i++) {
      const port = upstreams[(start + i) % upstreams.length] as number;
      try {
        return { port, socket: await connectTo(port) };
      } catch {
        // refused: this instance is down; the request is still whole, try the next one
      }
    }
    return null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // The body waits unread until an upstream is connected, so a refused attempt loses nothing.
    req.pause();
    const picked = await pickConnection();
    if (!picked) {
      refusedAll++;
      res.writeHead(502, { "content-type": "text/plain" }).end("no upstream available");
      return;
    }
    const { port, socket } = picked;
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const upstream = request({
      host: "127.0.0.1",
      port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, "x-forwarded-for": forwardedFor, connection: "close" },
      createConnection: () => socket,
    });
    upstream.on("response", (up) => {
      served.set(port, (served.get(port) ?? 0) + 1);
      res.writeHead(up.statusCode ?? 502, up.statusMessage, up.headers);
      up.pipe(res);
      // The instance died mid-answer: the client must see a broken answer, not a short one.
      up.on("aborted", () => res.destroy());
      up.on("error", () => res.destroy());
    });
    upstream.on("error", () => {
      // Sent (maybe partly) and then lost: never repeated, the client gets the failure.
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { "content-type": "text/plain" }).end("upstream failed");
    });
    req.on("aborted", () => upstream.destroy());
    req.pipe(upstream);
    req.resume();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("proxy has no port");
  return {
    port: address.port,
    served,
    unavailable: () => refusedAll,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
