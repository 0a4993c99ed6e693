// The picture fetch (ERP products and catalogue files) against real local servers: an address is
// judged by its numbers in any spelling (IPv4-mapped IPv6 in hex was loopback that passed), the
// connection is refused before anything is sent, every failure gives one message (no port
// scanning: a closed port, an open one and a 404 read the same), and one deadline covers the
// whole fetch (a server dripping a byte at a time held the caller for minutes).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureServices, serviceConfig } from "../../services/config";
import {
  type FetchOptions,
  fetchPicture,
  PICTURE_NOT_FETCHED,
} from "../../services/integration/picture-fetch";
import { isRefusedAddress } from "../../services/integration/public-address";

describe("public addresses", () => {
  it("refuses every spelling of loopback, private, link-local, CGNAT, multicast, reserved and unspecified", () => {
    for (const a of [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.1.2.3",
      "100.64.0.1",
      "100.127.255.254",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "192.0.0.8",
      "198.18.0.1",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:ffff:7f00:0001",
      "::FFFF:7F00:1",
      "[::ffff:7f00:1]",
      "::ffff:a9fe:a9fe",
      "::ffff:10.0.0.1",
      "::127.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b::10.0.0.1",
      "64:ff9b:1::8.8.8.8",
      "2002:7f00:1::1",
      "2002:c0a8:101::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "ff02::1",
      "2001:db8::1",
      "2001::1",
      "3fff::1",
      "100::1",
      "localhost",
      "not an address",
    ])
      expect(isRefusedAddress(a), a).toBe(true);
  });

  it("lets public unicast addresses through", () => {
    for (const a of [
      "8.8.8.8",
      "1.1.1.1",
      "100.63.255.255",
      "100.128.0.1",
      "172.15.0.1",
      "172.32.0.1",
      "2a00:1450:4001:82a::2004",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "2002:808:808::1",
    ])
      expect(isRefusedAddress(a), a).toBe(false);
  });
});

describe("fetchPicture", () => {
  let server: Server;
  let port = 0;
  const served: string[] = [];
  const drips: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      served.push(req.url ?? "");
      if (req.url === "/ok.png") return res.writeHead(200).end("bytes");
      if (req.url === "/to-mapped")
        return res.writeHead(302, { location: `http://[::ffff:7f00:1]:${port}/ok.png` }).end();
      if (req.url === "/drip") {
        res.writeHead(200);
        drips.push(setInterval(() => res.write("x"), 100));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    for (const d of drips) clearInterval(d);
    server.closeAllConnections();
    server.close();
  });

  const withPrivate = async <T>(allow: boolean, run: () => Promise<T>): Promise<T> => {
    const before = serviceConfig();
    configureServices({ ...before, pictureFetchPrivate: allow });
    try {
      return await run();
    } finally {
      configureServices(before);
    }
  };
  const failure = (address: string, options?: FetchOptions) =>
    fetchPicture(address, options).then(
      () => "fetched",
      (err: Error) => err.message,
    );

  it("refuses loopback in every spelling, before anything is sent", async () => {
    await withPrivate(false, async () => {
      served.length = 0;
      for (const host of [
        "127.0.0.1",
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "[0:0:0:0:0:ffff:7f00:1]",
        "[::1]",
        "localhost",
        "2130706433",
        "0x7f.1",
      ])
        expect(await failure(`http://${host}:${port}/ok.png`), host).toBe(PICTURE_NOT_FETCHED);
      expect(served).toEqual([]);
    });
  });

  it("answers a closed port, a 404 and a refused address with the same message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await withPrivate(true, async () => {
      expect(await failure(`http://127.0.0.1:${port}/ok.png`)).toBe("fetched");
      expect(await failure(`http://127.0.0.1:${closedPort}/ok.png`)).toBe(PICTURE_NOT_FETCHED);
      expect(await failure(`http://127.0.0.1:${port}/missing.png`)).toBe(PICTURE_NOT_FETCHED);
    });
    await withPrivate(false, async () => {
      expect(await failure(`http://127.0.0.1:${closedPort}/ok.png`)).toBe(PICTURE_NOT_FETCHED);
      expect(await failure(`http://127.0.0.1:${port}/missing.png`)).toBe(PICTURE_NOT_FETCHED);
    });
  });

  it("checks the connected address again after a redirect", async () => {
    await withPrivate(true, async () => {
      expect(await failure(`http://127.0.0.1:${port}/to-mapped`)).toBe("fetched");
    });
    // Only the dotted spelling counts as allowed here: the redirect to the same server by its
    // IPv4-mapped spelling is judged by the address it connects to, and refused.
    served.length = 0;
    const isAllowed = (a: string) => a === "127.0.0.1";
    expect(await failure(`http://127.0.0.1:${port}/to-mapped`, { isAllowed })).toBe(PICTURE_NOT_FETCHED);
    expect(served).toEqual(["/to-mapped"]);
  });

  it("gives the whole fetch one deadline, body included", async () => {
    await withPrivate(true, async () => {
      const started = Date.now();
      expect(await failure(`http://127.0.0.1:${port}/drip`, { deadlineMs: 800 })).toBe(PICTURE_NOT_FETCHED);
      expect(Date.now() - started).toBeLessThan(3000);
    });
  }, 10_000);
});
