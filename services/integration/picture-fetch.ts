// Fetches a product picture the ERP (or a catalogue file) names by address. The address comes from
// staff or an authenticated ERP, but the server must still not become a way into its own network:
// - the connection is made by `connectChecked`, which resolves the name itself, refuses unless
//   every address is public (services/integration/public-address.ts reads any spelling of an
//   address, so `[::ffff:7f00:1]` is loopback), connects to the checked address and checks the
//   socket's remote address once more; an address written as an IP takes the same path, and a
//   redirect is a new request through it (at most three);
// - every failure, whatever its cause (refused address, closed port, error status, timeout), gives
//   one message, so the fetch cannot tell an attacker which ports answer inside the network;
// - one deadline covers the whole fetch, every hop with its headers and body, and the body is
//   capped at the upload limit.
// Loopback and private addresses are allowed only when PICTURE_FETCH_PRIVATE=1 (tests, an ERP on
// the shop's own network).

import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import { MAX_UPLOAD_BYTES } from "../../core/admin/catalog";
import { serviceConfig } from "../config";
import { isRefusedAddress } from "./public-address";

const DEADLINE_MS = 15_000;
const MAX_REDIRECTS = 3;

export class PictureFetchError extends Error {}

/** The one answer to every fetch that fails; it completes "The picture at <url> ...". */
export const PICTURE_NOT_FETCHED =
  "could not be fetched: it must be a picture at a public http(s) address that answers with it within 15 s";

const refused = () => new PictureFetchError(PICTURE_NOT_FETCHED);

type Created = (err: Error | null, socket?: net.Socket) => void;
type Allowed = (address: string) => boolean;

/** `createConnection` for http(s).request: connects only to an address that passes the check. */
function connectChecked(secure: boolean, isAllowed: Allowed) {
  return (options: http.ClientRequestArgs, done: Created): undefined => {
    const host = String(options.hostname ?? options.host ?? "").replace(/^\[|\]$/g, "");
    const port = Number(options.port);
    const allowed = (address: string | undefined) => address !== undefined && isAllowed(address);
    dnsLookup(host, { all: true }).then(
      (addresses) => {
        const first = addresses[0];
        if (!first || !addresses.every((a) => allowed(a.address))) return done(refused());
        const target = { host: first.address, port, family: first.family };
        const socket = secure
          ? tls.connect({
              ...target,
              servername: net.isIP(host) ? undefined : host,
              ALPNProtocols: ["http/1.1"],
            })
          : net.connect(target);
        const onError = (err: Error) => done(err);
        socket.once("error", onError);
        socket.once("connect", () => {
          socket.off("error", onError);
          // The address the socket reached, not the one asked for.
          if (!allowed(socket.remoteAddress)) {
            socket.destroy();
            return done(refused());
          }
          done(null, socket);
        });
      },
      (err: Error) => done(err),
    );
    return undefined;
  };
}

type Answer = { location?: string; body?: Buffer };

function getOnce(url: URL, signal: AbortSignal, isAllowed: Allowed): Promise<Answer> {
  const secure = url.protocol === "https:";
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        createConnection: connectChecked(
          secure,
          isAllowed,
        ) as unknown as http.RequestOptions["createConnection"],
        signal,
        headers: { accept: "image/*", connection: "close" },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(refused());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_UPLOAD_BYTES) {
            req.destroy(new PictureFetchError("is larger than 10 MB"));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

export interface FetchOptions {
  /** The deadline of the whole fetch, every redirect with its body. */
  deadlineMs?: number;
  /** Which connected addresses are allowed (tests); by default public ones, or any with PICTURE_FETCH_PRIVATE=1. */
  isAllowed?: Allowed;
}

const publicOrConfigured: Allowed = (address) =>
  serviceConfig().pictureFetchPrivate || !isRefusedAddress(address);

/** The picture's bytes; throws PictureFetchError whose message completes "The picture at <url> ...". */
export async function fetchPicture(
  address: string,
  { deadlineMs = DEADLINE_MS, isAllowed = publicOrConfigured }: FetchOptions = {},
): Promise<Buffer> {
  const signal = AbortSignal.timeout(deadlineMs);
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw hop === 0 ? new PictureFetchError("is not an http(s) address") : refused();
    let answer: Answer;
    try {
      answer = await getOnce(url, signal, isAllowed);
    } catch (err) {
      if (err instanceof PictureFetchError && err.message !== PICTURE_NOT_FETCHED) throw err;
      throw refused();
    }
    if (answer.body) return answer.body;
    url = new URL(answer.location as string, url);
  }
  throw refused();
}
