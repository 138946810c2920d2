// The proxy refuses a bearer token on every page and route but the exports and the gateway (personal access
// tokens, lib/gateway), before any handler runs (better-auth's, setup and health included, which have no
// withUser of their own).
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { isGatewayPath, METRICS_PATH } from "@/lib/http/bearer";
import { appPaths } from "@/lib/testing/routes";
import { proxy } from "@/proxy";

const ORIGIN = "http://localhost:3000";
const run = (path: string, headers: Record<string, string>) => proxy(new NextRequest(`${ORIGIN}${path}`, { headers }));
const passed = (response: Response) => response.headers.get("x-middleware-next") === "1";
const bearer = { authorization: "Bearer drx_anything" };

describe("export token scope", () => {
  const paths = appPaths();
  const exports = paths.filter((p) => p.path.startsWith("/api/exports/")).map((p) => p.path);
  const gateway = paths.filter((p) => isGatewayPath(p.path)).map((p) => p.path);
  const others = paths
    .filter((p) => !p.path.startsWith("/api/exports/") && !isGatewayPath(p.path) && p.path !== METRICS_PATH)
    .map((p) => p.path);

  it("finds the four export routes", () =>
    expect(exports.sort()).toEqual([
      "/api/exports/tasks.csv",
      "/api/exports/tasks.json",
      "/api/exports/usage.csv",
      "/api/exports/usage.json",
    ]));

  it.each(others)("refuses a bearer token on %s", async (path) => {
    const response = run(path, bearer);
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden:token_scope");
    expect(passed(run(path, {}))).toBe(true);
    expect(passed(run(path, { authorization: "Basic dTpw" }))).toBe(true); // a reverse proxy's own sign-in
  });

  it.each(exports)("lets a bearer token through to %s", (path) => expect(passed(run(path, bearer))).toBe(true));

  // Prometheus's scrape carries METRICS_TOKEN, which the route checks itself (lib/metrics/access.ts).
  it("lets a bearer token through to /metrics", () => {
    expect(paths.map((p) => p.path)).toContain(METRICS_PATH);
    expect(passed(run(METRICS_PATH, bearer))).toBe(true);
  });

  it("lets a bearer token through to the gateway's routes, which check it themselves", () => {
    expect(gateway.length).toBeGreaterThanOrEqual(6);
    for (const path of gateway) expect(passed(run(path, { authorization: "Bearer dr_anything" })), path).toBe(true);
  });
});
