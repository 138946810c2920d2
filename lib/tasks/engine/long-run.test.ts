import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { migrated } from "@/lib/testing/app";
import { dispatchOnce } from "./dispatch";
import { POLL_INTERVAL_MS } from "./context";
import { pollOnce } from "./poll";
import { countCalls, testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const RUN_SECONDS = 15 * 60;

describe("a long run with a normal load", () => {
  beforeAll(migrated);

  it(
    "never receives a 429 from the upstream, finishes every task, and polls close to the fewest requests",
    // A hang detector: 900 steps and 30 renders beside the rest of the suite on two cores took over 60 s.
    { timeout: 300_000 },
    async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const t = await testEngine(emu, apiKey);
      const calls = countCalls(t.engine);
      // Two slow tasks (10 minutes) hold a slot of each kind for most of the run; the rest queue behind them.
      await t.submit(BODIES.gamma("a slow harbour at dawn [[slow]]"));
      await t.submit(BODIES.epsilon("a slow harbour at dawn [[slow]]"));
      await t.submit(BODIES.gamma(), { runs: 14 });
      await t.submit(BODIES.epsilon(), { runs: 14 });

      // The engine's own loop ticks every second: so does this one, on the engine's clock.
      for (let second = 0; second < RUN_SECONDS; second += 1) {
        await t.advance(1);
        await dispatchOnce(t.engine);
        await pollOnce(t.engine);
      }

      expect(calls.filter((call) => call.status === 429)).toEqual([]);
      expect(calls.every((call) => call.kind === "ok")).toBe(true);
      const tasks = await database().db.selectFrom("tasks").selectAll().execute();
      expect(tasks).toHaveLength(30);
      expect(tasks.filter((task) => task.status !== "succeeded" || task.archive_state !== "done")).toEqual([]);
      expect(tasks.filter((task) => task.kind === "video")).toHaveLength(15);

      // Each task: its creation(s) plus its polls, against one creation and a poll every 5 s until it succeeded
      // (T from the upstream's created_at to its updated_at at success, both on the upstream's clock).
      const submissions = await database().db.selectFrom("submissions").select(["task_id", "idempotency_key"]).execute();
      const keyOf = new Map(submissions.map((s) => [s.task_id, s.idempotency_key]));
      const usage = tasks.map((task) => {
        const seconds = (Date.parse(task.upstream_updated_at!) - Date.parse(task.upstream_created_at!)) / 1000;
        const requests = calls.filter((call) => call.target === task.id || call.target === keyOf.get(task.id)).length;
        return { id: task.id, seconds, requests, floor: Math.ceil(seconds / (POLL_INTERVAL_MS / 1000)) + 1 };
      });
      expect(usage.filter((u) => u.requests > u.floor + 2)).toEqual([]);
      expect(usage.reduce((sum, u) => sum + u.requests, 0)).toBe(calls.length);
      expect(Math.max(...usage.map((u) => u.seconds))).toBeGreaterThanOrEqual(600); // the slow ones did run 10 minutes
    },
  );
});
