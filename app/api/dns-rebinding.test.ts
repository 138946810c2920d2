// Issue 44, finding 4: on a fresh instance listening on loopback, a page at rebind.attacker.test:3912 whose
// name was rebound to 127.0.0.1 posted to /api/setup with its own Host and a matching Origin, passed the
// CSRF check and became the admin (201). The launcher's front, around proxy.ts and the real setup route
// served over HTTP as Next serves them, now answers 421 and nothing is created.
import "@/lib/launcher/front.mjs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as setupRoute } from "@/app/api/setup/route";
import { migrated, storedCounts } from "@/lib/testing/app";
import { proxy } from "@/proxy";

let server: Server;
let port: number;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Next's part: proxy.ts, then the setup route with the request's headers (the front's peer stamp included). */
async function next(req: IncomingMessage): Promise<Response> {
  const url = `http://localhost:${port}${req.url}`;
  const headers = new Headers(Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]));
  const proxied = proxy(new NextRequest(url, { method: req.method, headers }));
  if (proxied.headers.get("x-middleware-next") !== "1") return proxied;
  return setupRoute(new Request(url, { method: req.method, headers, body: new Uint8Array(await readBody(req)) }), {
    params: Promise.resolve({}),
  });
}

function post(host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { host, origin: `http://${host}`, "content-type": "application/json" };
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/api/setup", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ name: "Mallory", email: "mallory@example.com", password: "correct horse battery" }));
  });
}

describe("DNS rebinding against first-run setup", () => {
  beforeAll(async () => {
    await migrated();
    server = createServer((req, res) => {
      void next(req).then(async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses the attacker's host with 421 and creates no admin; the same request to localhost sets up", async () => {
    const rebound = await post("rebind.attacker.test:3912");
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body).error).toEqual({ code: "misdirected:host", message: expect.stringContaining("ALLOWED_HOSTS") });
    expect(await storedCounts()).toMatchObject({ users: 0, accounts: 0, sessions: 0 });
    // The same request to a name Darkroom serves goes through: the 421 was the host, nothing else.
    expect((await post(`localhost:${port}`)).status).toBe(201);
    expect((await storedCounts()).users).toBe(1);
  });
});
