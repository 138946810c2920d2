// Item 4 of the security audit: every state-changing request (POST, PUT, PATCH, DELETE) to every page and
// route must come from Darkroom's own origin (Origin or Sec-Fetch-Site), else 403 with a plain message. The
// gateway's routes (lib/gateway) are the exception: scripts call them, and they take a token, never a cookie.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { isGatewayPath } from "@/lib/http/bearer";
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

describe("cross-site request forgery", () => {
  it("covers the state-changing routes", () => expect(targets.length).toBeGreaterThanOrEqual(20));

  it("lets a script's request with no Origin through to the gateway's creations, which read no cookie", () => {
    expect(gateway.map(([method, path]) => `${method} ${path}`).sort()).toEqual([
      "POST /api/video/generate",
      "POST /v1/images/generations",
      "POST /v1/videos/generations",
    ]);
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
      // Behind a reverse proxy that forwards its own host name.
      { origin: "https://darkroom.example", "x-forwarded-host": "darkroom.example" },
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
