// Fetches a product picture the ERP names by address. The address comes from an authenticated
// ERP, but the server must still not become a way into its own network: every connection's
// resolved address is checked (in `lookup`, so a name that resolves differently on the second
// look cannot slip through), redirects are followed at most three times under the same check,
// and the body is capped at the upload limit. Loopback and private addresses are allowed only
// when PICTURE_FETCH_PRIVATE=1 (tests, an ERP on the shop's own network).

import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { MAX_UPLOAD_BYTES } from "../../core/admin/catalog";
import { serviceConfig } from "../config";

const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export class PictureFetchError extends Error {}

/** Loopback, private, link-local, unique-local, CGNAT and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a.startsWith("::ffff:")) return isPrivateAddress(a.slice(7));
    return a === "::1" || a === "::" || /^f[cd]/.test(a) || /^fe[89ab]/.test(a);
  }
  const [x, y] = address.split(".").map(Number) as [number, number];
  return (
    x === 10 ||
    x === 127 ||
    x === 0 ||
    (x === 169 && y === 254) ||
    (x === 172 && y >= 16 && y <= 31) ||
    (x === 192 && y === 168) ||
    (x === 100 && y >= 64 && y <= 127)
  );
}

const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, options, (err, address, family) => {
    if (err) return callback(err, "", 0);
    // Node asks for every address when it races IPv4 and IPv6 (`all: true`).
    const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
    const blocked = all.find((a) => isPrivateAddress(a));
    if (blocked && !serviceConfig().pictureFetchPrivate) {
      return callback(new PictureFetchError(`is at a private address (${hostname})`), "", 0);
    }
    (callback as (e: null, a: typeof address, f?: number) => void)(null, address, family);
  });
};

function getOnce(url: URL): Promise<{ status: number; location?: string; body?: Buffer }> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      { lookup: checkedLookup, timeout: TIMEOUT_MS, headers: { accept: "image/*" } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return resolve({ status });
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
        res.on("end", () => resolve({ status, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new PictureFetchError("did not arrive within 15 s")));
    req.on("error", reject);
  });
}

/** The picture's bytes; throws PictureFetchError whose message completes "The picture at <url> ...". */
export async function fetchPicture(address: string): Promise<Buffer> {
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw new PictureFetchError("is not an http(s) address");
    // An address written as an IP is connected to without a lookup: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal) && isPrivateAddress(literal) && !serviceConfig().pictureFetchPrivate)
      throw new PictureFetchError(`is at a private address (${literal})`);
    let answer: Awaited<ReturnType<typeof getOnce>>;
    try {
      answer = await getOnce(url);
    } catch (err) {
      throw err instanceof PictureFetchError
        ? err
        : new PictureFetchError(`could not be fetched (${(err as Error).message})`);
    }
    if (answer.body) return answer.body;
    if (!answer.location) throw new PictureFetchError(`was answered with status ${answer.status}`);
    url = new URL(answer.location, url);
  }
  throw new PictureFetchError("redirects more than 3 times");
}
