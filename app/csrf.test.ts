// Item 4 of the security audit: every state-changing request (POST, PUT, PATCH, DELETE) to every page and
// route must come from Darkroom's own origin (Origin or Sec-Fetch-Site), else 403 with a plain message. The
// gateway's routes (lib/gateway) are the exception: scripts call them, and they take a token, never a cookie.
// Issue 44: a forwarded host is the request's own only when a proxy in TRUSTED_PROXIES sent it.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { isGatewayPath } from "@/lib/http/bearer";
import { PEER_HEADER } from "@/lib/http/client";
import { appPaths } from "@/lib/testing/routes";
import { proxy } from "@/proxy";

const ORIGIN = "http://localhost:3000";
const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"];
// Every route's own state-changing methods, and a POST to every page (a server action would arrive that way).
const all = appPaths().flatMap((p) =>
  p.kind === "page" ? [["POST", p.path] as const] : p.methods.filter((m) => STATE_CHANGING.includes(m)).map((m) => [m, p.path] as const),
);
const targets = all.filter(([, path]) => !isGatewayPath(path));
const gateway = all.filter(([, path]) => isGatewayPath(path));

const run = (method: string, path: string, headers: Record<string, string>) =>
  proxy(new NextRequest(`${ORIGIN}${path}`, { method, headers }));
const passed = (response: Response) => response.headers.get("x-middleware-next") === "1";
const mutableEnv = env as { TRUSTED_PROXIES: string[] };

describe("cross-site request forgery", () => {
  beforeAll(() => {
    mutableEnv.TRUSTED_PROXIES = ["10.0.0.0/8"];
  });
  afterAll(() => {
    mutableEnv.TRUSTED_PROXIES = [];
  });

  it("covers the state-changing routes", () => expect(targets.length).toBeGreaterThanOrEqual(20));

  it("lets a script's request with no Origin through to the gateway's creations, which read no cookie", () => {
    const creations = ["POST /api/video/generate", "POST /v1/batches", "POST /v1/images/generations", "POST /v1/videos/generations"];
    // Every other write to a gateway path is the API's 405 or 404 (lib/gateway/unrouted.ts), which reads no cookie either.
    const paths = [
      "/api/video/generate",
      "/api/video/task/x",
      "/v1/batches/x",
      "/v1/batches/x/results",
      "/v1/files/x/x",
      "/v1/images/generations",
      "/v1/openapi.json",
      "/v1/tasks/x",
    ];
    const refusals = [...paths, "/v1/batches", "/v1/videos/generations", "/v1/x"].flatMap((path) =>
      STATE_CHANGING.map((method) => `${method} ${path}`),
    );
    expect(gateway.map(([method, path]) => `${method} ${path}`).sort()).toEqual([...new Set([...creations, ...refusals])].sort());
    for (const [method, path] of gateway) expect(passed(run(method, path, {})), path).toBe(true);
  });

  it.each(targets)("%s %s refuses other sites and header-less requests, accepts its own", async (method, path) => {
    const refused: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "http://localhost:3001" }, // another port is another origin
      { origin: "null" },
      { "sec-fetch-site": "cross-site", origin: ORIGIN },
      { "sec-fetch-site": "same-site" },
      {}, // neither header: a form post from a page that strips Origin, a script, curl
      // A forwarded host the client chose itself, connected directly or through a proxy not in TRUSTED_PROXIES.
      { origin: "https://evil.example", "x-forwarded-host": "evil.example" },
      { origin: "https://evil.example", "x-forwarded-host": "evil.example", [PEER_HEADER]: "198.51.100.7" },
    ];
    for (const headers of refused) {
      const response = run(method, path, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      const body = await response.json();
      expect(body.error.code).toBe("forbidden:cross_site");
      expect(body.error.message).toMatch(/did not come from Darkroom's own pages/);
    }
    const accepted: Record<string, string>[] = [
      { origin: ORIGIN },
      { "sec-fetch-site": "same-origin", origin: ORIGIN },
      { "sec-fetch-site": "same-origin" },
      // Behind a reverse proxy in TRUSTED_PROXIES that forwards the host the browser asked for.
      { origin: "https://darkroom.example", "x-forwarded-host": "darkroom.example", [PEER_HEADER]: "10.0.0.2" },
    ];
    for (const headers of accepted) {
      expect(passed(run(method, path, headers)), JSON.stringify(headers)).toBe(true);
    }
  });

  it("lets reads through without an Origin (links, navigation, img tags)", () => {
    for (const path of ["/", "/tasks", "/api/tasks", "/api/media/x/0"]) {
      expect(passed(run("GET", path, {}))).toBe(true);
      expect(passed(run("GET", path, { "sec-fetch-site": "cross-site" }))).toBe(true);
    }
  });
});
