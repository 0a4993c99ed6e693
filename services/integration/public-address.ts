// Whether an IP address is one the server may fetch from on an outside party's word: a public
// unicast address. Every address is read into its numbers first, so no spelling slips past
// (IPv4-mapped IPv6 written in hex, `::ffff:7f00:1`, or dotted, `::ffff:127.0.0.1`, or in full,
// `0:0:0:0:0:ffff:7f00:1`). An IPv6 address that carries an IPv4 one (mapped, IPv4-compatible,
// NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4 address it reaches.
import { isIP } from "node:net";

/** IPv4 ranges that are not public unicast (IANA special-purpose registry, multicast, reserved). */
const V4_REFUSED: [number, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
].map(([base, bits]) => [v4Number(base as string) as number, bits as number]);

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

function v4Refused(n: number): boolean {
  return V4_REFUSED.some(
    ([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  );
}

/** The eight 16-bit words of an IPv6 address in any spelling, or null. */
function v6Words(address: string): number[] | null {
  let a = address.toLowerCase().replace(/%.*$/, "");
  // A trailing dotted quad stands for the last two words.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (quad) {
    const n = v4Number(quad[1] as string);
    if (n === null) return null;
    a = `${a.slice(0, -(quad[1] as string).length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = a.split("::");
  if (halves.length > 2) return null;
  const read = (s: string) =>
    s === "" ? [] : s.split(":").map((w) => (/^[0-9a-f]{1,4}$/.test(w) ? parseInt(w, 16) : NaN));
  const head = read(halves[0] as string);
  const tail = halves.length === 2 ? read(halves[1] as string) : [];
  const gap = 8 - head.length - tail.length;
  if (halves.length === 2 ? gap < 1 : gap !== 0) return null;
  const words = [...head, ...Array<number>(halves.length === 2 ? gap : 0).fill(0), ...tail];
  return words.some(Number.isNaN) ? null : words;
}

const v4Of = (hi: number, lo: number) => hi * 65536 + lo;

function v6Refused(w: number[]): boolean {
  const [w0, w1, w2, w3, w4, w5, w6, w7] = w as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo = (k: number) => w.slice(0, k).every((x) => x === 0);
  // IPv4-mapped ::ffff:0:0/96 and IPv4-compatible ::/96 (which holds :: and ::1 too).
  if (zeroTo(5) && w5 === 0xffff) return v4Refused(v4Of(w6, w7));
  if (zeroTo(6)) return true;
  // NAT64, well-known prefix 64:ff9b::/96: reaches the embedded IPv4 address.
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0)
    return v4Refused(v4Of(w6, w7));
  // NAT64 for local use, 64:ff9b:1::/48: a site's own translator.
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 1) return true;
  // 6to4, 2002::/16: the IPv4 address is in words 1 and 2.
  if (w0 === 0x2002) return v4Refused(v4Of(w1, w2));
  // Only global unicast (2000::/3) is public; within it, refuse the special ranges.
  if ((w0 & 0xe000) !== 0x2000) return true; // ULA fc00::/7, link-local fe80::/10, multicast ff00::/8, ...
  if (w0 === 0x2001 && w1 < 0x0200) return true; // 2001::/23 IETF protocol assignments (Teredo among them)
  if (w0 === 0x2001 && w1 === 0x0db8) return true; // documentation
  if ((w0 & 0xfff0) === 0x3ff0) return true; // 3fff::/20 documentation
  return false;
}

/** Whether the address is not a public unicast address (or is not an IP address at all). */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const kind = isIP(bare.replace(/%.*$/, ""));
  if (kind === 4) return v4Refused(v4Number(bare) as number);
  if (kind === 6) {
    const words = v6Words(bare);
    return words === null || v6Refused(words);
  }
  return true;
}
