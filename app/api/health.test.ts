// Liveness and readiness: what a load balancer or orchestrator reads to route traffic and restart processes.
import { describe, expect, it } from "vitest";

// Start-up refuses Postgres without an explicit secret; set before lib/env.ts is first imported.
process.env.AUTH_SECRET ??= "health-test-secret-".repeat(3);
const { GET: live } = await import("@/app/api/health/live/route");
const { GET: ready } = await import("@/app/api/health/ready/route");
const { GET: health } = await import("@/app/api/health/route");
const { call, unmigrated } = await import("@/lib/testing/app");
const { startServer } = await import("@/lib/server-start");
const { currentEngine } = await import("@/lib/tasks/engine/loop");

describe("health routes", () => {
  it("says not ready, with reasons, until start-up has migrated the database; then ready", async () => {
    await unmigrated();
    expect((await call(live, "/api/health/live")).status).toBe(200);

    const before = await call(ready, "/api/health/ready");
    expect(before.status).toBe(503);
    expect(before.json).toMatchObject({ ready: false, role: "all", start: "starting", media: "ok" });
    expect(before.json.database).toMatch(/^not migrated \(\d+ pending\)$/);
    expect(before.headers.get("cache-control")).toBe("no-store");

    await startServer();
    const after = await call(ready, "/api/health/ready");
    expect(after.status, JSON.stringify(after.json)).toBe(200);
    // No upstream in tests: `all` still serves, tasks wait (a worker would say not ready).
    expect(after.json).toEqual({ ready: true, role: "all", start: "ok", database: "ok", media: "ok", engine: "no upstream configured" });
    expect(currentEngine()).toBeUndefined();

    // The old route keeps its shape: the launcher and the e2e wait on it.
    expect((await call(health, "/api/health")).json).toMatchObject({ ok: true, database: "ok" });
  });
});
