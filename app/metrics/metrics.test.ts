// /metrics against the real emulator over HTTP, on SQLite and Postgres (issue 47): tasks run through the engine,
// then a scrape with the token must agree with the ledger (credits reserved, used, refunded), read an empty
// queue once everything has ended, and pass `promtool check metrics`. Without the token the address is absent.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { creditTotals } from "@/lib/db/credit-totals";
import { migrations } from "@/lib/db/migrations";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics/registry";
import { call, migrated } from "@/lib/testing/app";
import { clearEngineTables, testEngine } from "@/lib/testing/engine";
import { promtool, samples, sum } from "@/lib/testing/exposition";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { GET } from "./route";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const TOKEN = "metrics-token-for-tests-0123456789";
const START = 100_000;
const settable = env as { METRICS_TOKEN?: string };

const scrape = (token = TOKEN) => call(GET, "/metrics", { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  await migrated();
  await clearEngineTables();
  settable.METRICS_TOKEN = TOKEN;
  // The registry lives on globalThis for the whole process: start it at zero for this file's tasks.
  metrics().registry.resetMetrics();
});
afterAll(() => {
  delete settable.METRICS_TOKEN;
});

describe("/metrics", () => {
  it("is absent without METRICS_TOKEN and refuses a wrong token", async () => {
    delete settable.METRICS_TOKEN;
    expect((await scrape()).status).toBe(404);
    settable.METRICS_TOKEN = TOKEN;
    const wrong = await scrape("not-the-metrics-token-at-all");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect((await call(GET, "/metrics")).status).toBe(401);
  });

  it("counts what the ledger records, reads an empty queue at the end, and passes promtool", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    // The first image creation meets a 429 with Retry-After: counted, then sent again.
    await emu.faults([{ method: "POST", path: "/v1/images", kind: "status", status: 429, retryAfter: 1 }]);
    await t.submit(BODIES.gamma("a kite"));
    await t.submit(BODIES.gamma("a storm [[fail]]"));
    await t.submit(BODIES.epsilon("a slow tide"));
    const replayId = (await t.submit(BODIES.gamma("twice")))[0]!;
    await t.submit(BODIES.gamma("twice"), { id: replayId });

    const { db } = database();
    const settled = async () => {
      const open = await db.selectFrom("submissions").select("id").where("state", "in", ["queued", "sending"]).execute();
      const tasks = await db.selectFrom("tasks").selectAll().execute();
      return (
        open.length === 0 &&
        tasks.length === 4 &&
        tasks.every(
          (task) =>
            (task.status === "succeeded" && task.archive_state === "done") || (task.status === "failed" && task.credits_refunded !== null),
        )
      );
    };
    for (let round = 0; round < 60 && !(await settled()); round += 1) {
      await dispatchOnce(t.engine);
      await t.advance(5);
      await pollOnce(t.engine);
    }
    expect(await settled()).toBe(true);

    // Money and slots: what the emulator charged is what the tasks record, and nothing holds a slot.
    const tasks = await db.selectFrom("tasks").selectAll().execute();
    const charged = tasks.reduce((n, task) => n + Number(task.credits_reserved ?? 0) - Number(task.credits_refunded ?? 0), 0);
    expect(START - (await emu.credits(apiKey))).toBe(charged);

    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const text = String(answer.json);

    const ledger = await creditTotals(db);
    const { rows } = await sql<{ n: number | string | null }>`select sum(credits_reserved) as n from tasks`.execute(db);
    expect(ledger.used).toBeGreaterThan(0);
    expect(ledger.refunded).toBeGreaterThan(0);
    expect(sum(text, "darkroom_credits_used_total")).toBe(ledger.used);
    expect(sum(text, "darkroom_credits_refunded_total")).toBe(ledger.refunded);
    expect(sum(text, "darkroom_credits_reserved_total")).toBe(Number(rows[0]?.n ?? 0));

    expect(sum(text, "darkroom_queue_depth")).toBe(0);
    expect(sum(text, "darkroom_queue_depth", { state: "queued" }) + sum(text, "darkroom_tasks_live")).toBe(0);
    expect(text).toMatch(/^darkroom_queue_depth\{state="queued",reason="in_line"\} 0$/m);
    expect(sum(text, "darkroom_submissions_total", { outcome: "queued" })).toBe(4);
    expect(sum(text, "darkroom_submissions_total", { outcome: "replayed" })).toBe(1);
    expect(sum(text, "darkroom_upstream_429_total", { route: "create_image", retry_after: "present" })).toBe(1);
    expect(sum(text, "darkroom_upstream_retry_after_seconds_sum")).toBe(1);
    expect(sum(text, "darkroom_upstream_requests_total", { route: "create_image", status: "202" })).toBe(3);
    expect(sum(text, "darkroom_polls_total")).toBeGreaterThanOrEqual(4);
    expect(sum(text, "darkroom_poll_interval_seconds_bucket", { le: "4.9" })).toBe(0);
    for (const stage of ["sent", "terminal", "archived"])
      expect(sum(text, "darkroom_task_latency_seconds_count", { stage })).toBe(stage === "archived" ? 3 : 4);
    expect(sum(text, "darkroom_archive_bytes_total")).toBeGreaterThan(0);
    expect(sum(text, "darkroom_db_migrations", { state: "pending" })).toBe(0);
    expect(sum(text, "darkroom_db_migrations", { state: "applied" })).toBe(Object.keys(migrations).length);
    // No ids, no members: every label value is a bounded word.
    const values = new Set(samples(text).flatMap((sample) => Object.values(sample.labels)));
    expect([...values].filter((value) => !/^[a-z0-9_.+-]{1,40}$/i.test(value) || /^(task_|user_)|darkroom-/.test(value))).toEqual([]);

    const check = promtool(["check", "metrics"], text);
    expect(check.output).toBe("");
    expect(check.ok).toBe(true);
  });
});
