// Strips secrets from what a browser reports with an error (its storage, its cart, its user).
// Used by the browser before sending and by the server again before storing: a key that looks
// secret loses its value, and so does a value that looks like a token. Pure.

const SECRET_KEY =
  /pass(word|wd)?|pwd|secret|token|auth(?!or)|bearer|session[-_]?id|^sid$|^(session:)?cookie$|csrf|jwt|api[-_]?key|private|credential|signature|\botp\b|cvv|cvc|card[-_]?(number|no)|iban|onlinepaymentcode|payment[-_]?(code|auth)/i;

/** JWTs, long hex/base64 strings and "Bearer ..." values. */
function looksSecret(value: string): boolean {
  if (/^Bearer\s+\S+/i.test(value)) return true;
  if (/^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value)) return true;
  if (/^[A-Fa-f0-9]{32,}$/.test(value)) return true;
  if (/^[A-Za-z0-9+/_-]{40,}={0,2}$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value)) return true;
  return false;
}

export const REDACTED = "[redacted]";

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * A copy of `value` without secrets. Strings that hold JSON (browser storage does) are parsed,
 * cleaned and re-serialised. Depth and size are bounded so a hostile object cannot blow up.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return "[too deep]";
  if (typeof value === "string") {
    if (looksSecret(value.trim())) return REDACTED;
    const t = value.trim();
    if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
      try {
        return JSON.stringify(redactSecrets(JSON.parse(t), depth + 1));
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, 200)) {
      out[k] = isSecretKey(k) ? REDACTED : redactSecrets(v, depth + 1);
    }
    return out;
  }
  return value;
}
