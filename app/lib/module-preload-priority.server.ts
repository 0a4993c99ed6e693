// Module preloads at low fetch priority (docs/decisions/0015-paint-before-hydration.md).
//
// <Scripts> renders a <link rel="modulepreload"> for every chunk of the matched routes and React
// hoists them into <head>. Chrome fetches them at High priority, the same as the stylesheet and
// the hero image, so on a slow connection the page's first paint waits for JavaScript that only
// hydrates what is already on screen. Marking them fetchpriority="low" keeps them early (the
// browser still starts them from <head>) but lets the stylesheet and the LCP image go first.
// <Scripts> offers no way to set the attribute, so the streamed head is rewritten here; the
// body, which is most of the document, passes through untouched.
import { Transform, type TransformCallback } from "node:stream";

// The markers are ASCII and UTF-8 never uses ASCII bytes inside a multi-byte character, so the
// bytes can be searched and spliced without decoding (a chunk may end mid-character).
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");
const LT = 0x3c;

export function lowPriorityModulePreloads(): Transform {
  let inHead = true;
  // The end of the previous chunk that could be the start of a tag the next chunk completes.
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!inHead) {
        callback(null, bytes);
        return;
      }
      let head = carry.length > 0 ? Buffer.concat([carry, bytes]) : bytes;
      carry = Buffer.alloc(0);
      const headEnd = head.indexOf(HEAD_END);
      if (headEnd >= 0) {
        inHead = false;
        const cut = headEnd + HEAD_END.length;
        callback(null, Buffer.concat([rewrite(head.subarray(0, cut)), head.subarray(cut)]));
        return;
      }
      const lastTag = head.lastIndexOf(LT);
      if (lastTag >= 0 && head.length - lastTag < PRELOAD.length) {
        carry = Buffer.from(head.subarray(lastTag));
        head = head.subarray(0, lastTag);
      }
      callback(null, rewrite(head));
    },
    flush(callback: TransformCallback) {
      callback(null, carry.length > 0 ? rewrite(carry) : null);
    },
  });
}

/** Adds the low priority to every module preload in a run of complete tags. */
export function rewrite(html: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(PRELOAD); at >= 0; at = html.indexOf(PRELOAD, at + PRELOAD.length)) {
    const end = at + PRELOAD.length;
    parts.push(html.subarray(from, end), LOW_PRIORITY);
    from = end;
  }
  if (from === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
