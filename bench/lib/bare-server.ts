// The upper bound: a bare node:http server answering each probed URL with the exact bytes
// (status, content type and encoding, body) the storefront answered, from memory.
// Run as its own process, like the storefront: node --import tsx bench/lib/bare-server.ts <port> <file>
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

export interface BareResponse {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const [portArg, file] = process.argv.slice(2);
const table = JSON.parse(readFileSync(file, "utf8")) as Record<string, BareResponse>;
const answers = new Map(
  Object.entries(table).map(([path, r]) => [path, { ...r, bytes: Buffer.from(r.body, "base64") }]),
);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not probed");
    return;
  }
  res.writeHead(answer.status, { ...answer.headers, "content-length": String(answer.bytes.length) });
  res.end(answer.bytes);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portArg), "127.0.0.1", () => {
  console.log(`bare server on ${portArg} with ${answers.size} answers`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
