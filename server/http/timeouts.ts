// Node's own limits for slow clients (docs/decisions/0020). Without them a client that sends its
// headers or body a byte at a time holds a connection for Node's defaults (60 s for headers, 5
// minutes for the request), and a few hundred such clients exhaust the server.

export interface ServerTimeouts {
  /** The whole request (headers and body) must arrive within this. */
  requestTimeout: number;
  /** The headers must arrive within this; never more than requestTimeout (Node refuses that). */
  headersTimeout: number;
  /** Idle keep-alive connections are closed after this. */
  keepAliveTimeout: number;
  /** How often Node looks for connections past those deadlines (its default is 30 s). */
  connectionsCheckingInterval: number;
}

export function serverTimeouts(requestTimeoutMs: number): ServerTimeouts {
  const headersTimeout = Math.min(15_000, requestTimeoutMs);
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout,
    // Longer than the 60 s idle timeout of common load balancers, so that they, not we, close an
    // idle connection: otherwise a request they send on it just as we close it fails with a 502.
    keepAliveTimeout: 65_000,
    // A deadline is noticed at most a quarter of the headers timeout late.
    connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(headersTimeout / 4))),
  };
}
