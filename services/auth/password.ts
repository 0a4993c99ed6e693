// Password hashing: argon2id (OWASP's first choice) with the library's defaults
// (19 MiB, 2 passes, 1 lane). Hashes imported from the old system (plain text, or
// `plain:`/`sha256:` prefixed) still verify once and are replaced by argon2id at that sign-in.
import { createHash, timingSafeEqual } from "node:crypto";
import { hash, type Options, parseOptions, verify } from "@node-rs/argon2";

// `Algorithm` is a const enum, which isolated modules cannot import: 2 is Argon2id.
const ARGON2ID = 2 as Options["algorithm"];
const POLICY = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...POLICY });
}

function equalText(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y) && a === b;
}

export function isArgon2Hash(stored: string): boolean {
  return stored.startsWith("$argon2");
}

/** Compares a typed password exactly (case-sensitive) with the stored hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (isArgon2Hash(stored)) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
  if (stored.startsWith("sha256:")) {
    return equalText(stored.slice(7).toLowerCase(), createHash("sha256").update(password).digest("hex"));
  }
  if (stored.startsWith("plain:")) return equalText(stored.slice(6), password);
  // An unprefixed value that is not a hash is a plain-text password from the old system.
  return stored !== "" && equalText(stored, password);
}

/** True when the stored value is not an argon2id hash with today's parameters. */
export function needsRehash(stored: string): boolean {
  if (!isArgon2Hash(stored)) return true;
  try {
    const o = parseOptions(stored);
    return (
      o.algorithm !== ARGON2ID ||
      o.memoryCost < POLICY.memoryCost ||
      o.timeCost < POLICY.timeCost ||
      o.parallelism !== POLICY.parallelism
    );
  } catch {
    return true;
  }
}

let dummy: Promise<string> | null = null;

/** Spends the time of one verification, so an unknown username answers as slowly as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword("not-a-real-password");
  await verify(await dummy, password).catch(() => false);
}
