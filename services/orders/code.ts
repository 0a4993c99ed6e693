// ORDERCODE: short enough to read out on the phone, random enough (about 60 bits) that nobody can
// guess another customer's order from their own.
import { randomInt } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"; // no 0/O, 1/I/L

export function newOrderCode(prefix = "W"): string {
  let out = prefix;
  for (let i = 0; i < 12; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
