// Liveness and readiness: what a load balancer or orchestrator reads to route traffic and restart processes.
import { describe, expect, it } from "vitest";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as health } from "@/app/api/health/route";
import { call } from "@/lib/testing/app";
import { startServer } from "@/lib/server-start";
import { currentEngine } from "@/lib/tasks/engine/loop";

describe("health routes", () => {
  it("says not ready, with reasons, until start-up has migrated the database; then ready", async () => {
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
