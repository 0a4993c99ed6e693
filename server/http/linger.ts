// A lingering close (RFC 9112 section 9.6) for an answer sent while the client is still sending
// its body, the 413. Node closes a `Connection: close` connection once the answer is written
// (socket.destroySoon); with the client's body bytes still arriving, that close makes the
// kernel send a reset, and a reset can wipe the answer from the client's receive buffer before
// it is read. So the close is staged instead: the write side ends after the answer's last byte
// (the client reads it whole, then end of stream), what the client still sends is read and
// discarded (Node's parser drops the refused body), and the socket is destroyed when the client
// closes its side, or at the latest after LINGER_MS or LINGER_MAX_BYTES.
import type { Socket } from "node:net";

export const LINGER_MS = 2_000;
/** What a lingering connection may still read: the Node adapter's own drain cap. */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;

const staged = new WeakSet<Socket>();

/**
 * Makes Node's close of `socket`, after the answer that says `Connection: close`, a lingering one.
 * Call it before the answer is written.
 */
export function closeLingering(socket: Socket, maxMs = LINGER_MS, maxBytes = LINGER_MAX_BYTES): void {
  if (staged.has(socket)) return;
  staged.add(socket);
  let lingering = false;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (lingering || this.destroyed) return;
    lingering = true;
    const readBefore = this.bytesRead;
    this.end();
    // The client's FIN (it read the answer and stopped) ends it through Node; these bound the rest.
    const deadline = setTimeout(() => this.destroy(), maxMs);
    const cap = setInterval(() => {
      if (this.bytesRead - readBefore > maxBytes) this.destroy();
    }, 50);
    deadline.unref();
    cap.unref();
    this.once("close", () => {
      clearTimeout(deadline);
      clearInterval(cap);
    });
  };
}
