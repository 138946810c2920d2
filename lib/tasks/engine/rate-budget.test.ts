import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { connect, type Connection } from "@/lib/db/connect";
import { env } from "@/lib/env";
import { migrated } from "@/lib/testing/app";
import { acquire, BUDGET, keyIdOf, pause, WINDOW_MS } from "./rate-budget";

const at = (ms: number) => new Date(Date.parse("2026-01-01T00:00:00.000Z") + ms);

describe("rate budget", () => {
  beforeAll(migrated);

  it("never names the key itself", () => {
    expect(keyIdOf("sk-secret-key")).toMatch(/^[0-9a-f]{16}$/);
    expect(keyIdOf("sk-secret-key")).not.toContain("secret");
  });

  it("allows the budget in a window, then says exactly when room opens", async () => {
    const keyId = "window-test";
    for (let i = 0; i < BUDGET.high; i += 1)
      expect(await acquire(database(), { keyId, priority: "high", now: at(i * 100) })).toEqual({ ok: true });
    const refused = await acquire(database(), { keyId, priority: "high", now: at(BUDGET.high * 100) });
    expect(refused.ok).toBe(false);
    // The oldest request (t = 0) leaves the window at t = 60 s.
    if (!refused.ok) expect(refused.waitMs).toBe(WINDOW_MS - BUDGET.high * 100 + 1);
    expect((await acquire(database(), { keyId, priority: "high", now: at(WINDOW_MS + 1) })).ok).toBe(true);
  });

  it("stops low-priority work early so creations and live tasks keep room", async () => {
    const keyId = "priority-test";
    for (let i = 0; i < BUDGET.low; i += 1) await acquire(database(), { keyId, priority: "low", now: at(i) });
    expect((await acquire(database(), { keyId, priority: "low", now: at(BUDGET.low) })).ok).toBe(false);
    expect((await acquire(database(), { keyId, priority: "high", now: at(BUDGET.low) })).ok).toBe(true);
  });

  it("honours a pause however long, and never shortens it", async () => {
    const keyId = "pause-test";
    await pause(database(), { keyId, until: at(3_600_000) });
    await pause(database(), { keyId, until: at(30_000) });
    const refused = await acquire(database(), { keyId, priority: "high", now: at(1_000) });
    expect(refused).toEqual({ ok: false, waitMs: 3_599_000 });
    expect((await acquire(database(), { keyId, priority: "high", now: at(3_600_000) })).ok).toBe(true);
  });

  describe("under concurrent callers", () => {
    const extra: Connection[] = [];
    afterAll(async () => {
      await Promise.all(extra.map((connection) => connection.db.destroy()));
    });

    it("grants exactly the budget to parallel requests, across connections", async () => {
      // On Postgres a second pool stands in for a second Darkroom process; SQLite's one connection serialises.
      const second = database().dialect === "postgres" ? connect(env.DATABASE_URL) : database();
      if (second !== database()) extra.push(second);
      const keyId = "race-test";
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => acquire(i % 2 ? second : database(), { keyId, priority: "high", now: at(i) })),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(BUDGET.high);
    });
  });
});
