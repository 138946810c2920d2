// Issue 14, item 7: the SSRF guard the archive fetches through. Real HTTP servers on loopback play the
// configured upstream (allowed: that is how the emulator works) and an internal service (never reached).
import { createServer, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RefusedFetch, safeFetch, type SafeFetchOptions } from "./safe-fetch";

interface Running {
  server: Server;
  url: string;
  hits: string[];
}

async function serve(handle: (path: string, response: ServerResponse, url: string) => void): Promise<Running> {
  const hits: string[] = [];
  const running = { hits } as Running;
  running.server = createServer((request, response) => {
    hits.push(request.url ?? "");
    handle(request.url ?? "", response, running.url);
  });
  const port = await new Promise<number>((resolve) =>
    running.server.listen(0, "127.0.0.1", () => resolve((running.server.address() as { port: number }).port)),
  );
  running.url = `http://127.0.0.1:${port}`;
  return running;
}

let upstream: Running;
let internal: Running;
const MB = 1_048_576;

beforeAll(async () => {
  internal = await serve((_path, response) => response.end("internal secrets"));
  upstream = await serve((path, response) => {
    const hop = /^\/hops\/(\d+)$/.exec(path);
    if (hop) {
      const left = Number(hop[1]);
      response.writeHead(302, { location: left > 0 ? `/hops/${left - 1}` : "/image.png" }).end();
    } else if (path === "/to-internal") response.writeHead(302, { location: `${internal.url}/x` }).end();
    else if (path === "/to-internal-https")
      response.writeHead(307, { location: `https://127.0.0.1:${new URL(internal.url).port}/x` }).end();
    else if (path === "/to-metadata") response.writeHead(301, { location: "https://169.254.169.254/latest/meta-data/" }).end();
    else if (path === "/big-declared")
      response.writeHead(200, { "content-type": "image/png", "content-length": String(2 * MB) }).end(Buffer.alloc(2 * MB));
    else if (path === "/big-streamed") {
      response.writeHead(200, { "content-type": "image/png" }); // chunked: no length to judge by
      for (let i = 0; i < 4; i += 1) response.write(Buffer.alloc(MB / 2));
      response.end();
    } else response.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(1000));
  });
});
afterAll(async () => {
  for (const { server } of [upstream, internal]) await new Promise((resolve) => server.close(resolve));
});

const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  trustedBaseUrl: upstream.url,
  timeoutMs: 3_000,
  maxBytes: () => MB,
  ...extra,
});
const refused = async (url: string, extra: Partial<SafeFetchOptions> = {}) => {
  const error = await safeFetch(url, options(extra)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(RefusedFetch);
  return (error as RefusedFetch).message;
};

describe("safeFetch refuses", () => {
  it.each([
    ["plain HTTP", "http://media.example.com/a.png", /not HTTPS/],
    ["loopback", "https://127.0.0.1/a.png", /loopback/],
    ["loopback in decimal", "https://2130706433/a.png", /numeric form/],
    ["loopback in octal", "https://0177.0.0.1/a.png", /numeric form/],
    ["loopback in hex, short", "https://0x7f.1/a.png", /numeric form/],
    ["a public address in decimal", "https://16843009/a.png", /numeric form/],
    ["IPv6 loopback", "https://[::1]/a.png", /loopback/],
    ["IPv4-mapped IPv6", "https://[::ffff:127.0.0.1]/a.png", /IPv4-mapped/],
    ["private 10/8", "https://10.1.2.3/a.png", /private/],
    ["private 172.16/12", "https://172.20.0.1/a.png", /private/],
    ["private 192.168/16", "https://192.168.1.10/a.png", /private/],
    ["link-local (cloud metadata)", "https://169.254.169.254/latest/meta-data/", /link-local/],
    ["CGNAT", "https://100.64.0.1/a.png", /carrier-grade NAT/],
    ["multicast", "https://224.0.0.251/a.png", /multicast/],
    ["IPv6 unique local", "https://[fd12:3456::1]/a.png", /private/],
    ["IPv6 link-local", "https://[fe80::1]/a.png", /link-local/],
    ["credentials in the URL", "https://user:pw@media.example.com/a.png", /user name or password/],
    ["a name that resolves to loopback", "https://localhost/a.png", /loopback/],
  ])("%s", async (_name, url, reason) => {
    expect(await refused(url)).toMatch(reason);
  });

  it("a name any of whose addresses is private, and says nothing of the URL", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    const message = await refused("https://cdn.example.net/secret-path.png", { resolve });
    expect(message).toMatch(/private/);
    expect(message).not.toMatch(/cdn\.example|secret-path|10\.0\.0\.7/);
  });

  it("the emulator's host when it is not the configured upstream", async () => {
    expect(await refused(`${upstream.url}/image.png`, { trustedBaseUrl: "https://api.example.com" })).toMatch(/not HTTPS/);
    expect(upstream.hits).not.toContain("/image.png");
  });

  it("a redirect from the upstream to an internal address, HTTP or HTTPS, before connecting to it", async () => {
    expect(await refused(`${upstream.url}/to-internal`)).toMatch(/not HTTPS/);
    expect(await refused(`${upstream.url}/to-internal-https`)).toMatch(/loopback/);
    expect(await refused(`${upstream.url}/to-metadata`)).toMatch(/link-local/);
    expect(internal.hits).toEqual([]);
  });

  it("more than 3 redirects, and follows 3", async () => {
    expect((await safeFetch(`${upstream.url}/hops/2`, options())).status).toBe(200); // 3 redirects: hops 2, 1, 0
    expect(await refused(`${upstream.url}/hops/3`)).toMatch(/more than 3 times/);
  });

  it("a body over the cap, by its declared length or while it streams", async () => {
    expect(await refused(`${upstream.url}/big-declared`)).toMatch(/larger than the 1 MB limit/);
    const response = await safeFetch(`${upstream.url}/big-streamed`, options());
    const error = await response.arrayBuffer().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(/larger than the 1 MB limit/);
    expect((await (await safeFetch(`${upstream.url}/big-streamed`, options({ maxBytes: () => 4 * MB }))).arrayBuffer()).byteLength).toBe(
      2 * MB,
    );
  });
});

describe("safeFetch pins the address it checked", () => {
  it("connects to the checked address, never resolving the name again", async () => {
    let lookups = 0;
    // .invalid never resolves (RFC 6761): a second, system lookup would fail with ENOTFOUND.
    const resolve = async () => {
      lookups += 1;
      return [{ address: "192.0.2.1", family: 4 }];
    };
    expect(await refused("https://media.invalid/a.png", { resolve })).toMatch(/documentation/);
    const pinned = async () => {
      lookups += 1;
      return [{ address: "1.1.1.1", family: 4 }];
    };
    const error = (await safeFetch("https://media.invalid/a.png", options({ resolve: pinned, timeoutMs: 1_500 })).catch(
      (e: unknown) => e,
    )) as {
      code?: string;
    };
    expect(error).toBeInstanceOf(Error);
    expect(error.code).not.toBe("ENOTFOUND");
    expect(lookups).toBe(2);
  });
});
