// The progress estimate: the median of the last 20 successes of the same model and settings (mode, duration,
// resolution or quality, count), else of the model's last 20, else none. Runs on SQLite and on Postgres.
import type { Insertable } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import type { TaskTable } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import { migrated } from "@/lib/testing/app";
import { estimator, settingsKey, withEstimates } from "./estimates";
import { taskView } from "./task-views";

const BASE = Date.parse("2026-05-01T00:00:00.000Z");
let seq = 0;

/** A task created at `startS` seconds that took `seconds` (Darkroom's created → completed). */
async function run(model: string, params: Record<string, unknown>, seconds: number, patch: Partial<Insertable<TaskTable>> = {}) {
  seq += 1;
  const created = BASE + seq * 60_000;
  await insertTask(database().db, {
    id: `task_est_${seq}`,
    model,
    kind: model === "gamma-5-pro" ? "image" : "video",
    params: JSON.stringify({ model, prompt: "p", ...params }),
    prompt: "p",
    status: "succeeded",
    credits_reserved: 10,
    created_at: new Date(created).toISOString(),
    completed_at: new Date(created + seconds * 1000).toISOString(),
    updated_at: new Date(created).toISOString(),
    ...patch,
  });
}

describe(`progress estimates on ${process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite"}`, () => {
  beforeAll(migrated);
  beforeEach(async () => {
    await database().db.deleteFrom("tasks").execute();
  });

  it("is the median of the last 20 runs with the same settings, newest by completion", async () => {
    // 25 runs of 6 s at 768p: the 5 oldest took 50 s, the 20 newest 10..29 s (median 19.5 s).
    for (let i = 0; i < 5; i += 1) await run("alpha-2.3", { duration: 6, resolution: "768p" }, 50);
    for (let i = 0; i < 20; i += 1) await run("alpha-2.3", { duration: 6, resolution: "768p" }, 10 + i);
    // Other settings of the same model, and another model, do not count.
    for (let i = 0; i < 5; i += 1) await run("alpha-2.3", { duration: 10, resolution: "768p" }, 900);
    for (let i = 0; i < 5; i += 1) await run("beta-2.0", { mode: "text-to-video", duration: 6 }, 3);
    // Failed and live tasks are no measure of a success's duration.
    await run("alpha-2.3", { duration: 6, resolution: "768p" }, 1, { status: "failed" });
    await run("alpha-2.3", { duration: 6, resolution: "768p" }, 1, { status: "processing", completed_at: null });

    const estimate = estimator(database().db);
    expect(await estimate("alpha-2.3", { duration: 6, resolution: "768p", prompt: "other words" })).toEqual({
      expectedMs: 19_500,
      basis: "settings",
      samples: 20,
    });
    expect(await estimate("alpha-2.3", { duration: 10, resolution: "768p" })).toEqual({
      expectedMs: 900_000,
      basis: "settings",
      samples: 5,
    });
  });

  it("falls back to the model's last 20 runs when too few share the settings, and to none with too few runs", async () => {
    for (let i = 0; i < 4; i += 1) await run("epsilon-v6", { mode: "text-to-video", duration: 5, quality: "720p" }, 40);
    await run("epsilon-v6", { mode: "extend", duration: 5, quality: "720p" }, 100);
    await run("epsilon-v6", { mode: "extend", duration: 5, quality: "720p" }, 120);
    const estimate = estimator(database().db);
    // Two extend runs are too few: the model's six runs (40 ×4, 100, 120) say 40 s.
    expect(await estimate("epsilon-v6", { mode: "extend", duration: 5, quality: "720p" })).toEqual({
      expectedMs: 40_000,
      basis: "model",
      samples: 6,
    });
    expect(await estimate("gamma-5-pro", {})).toBeNull();
  });

  it("is delivered with live task views only", async () => {
    for (let i = 0; i < 3; i += 1) await run("gamma-5-pro", { quality: "basic" }, 8);
    await run("gamma-5-pro", { quality: "basic" }, 0, { id: "task_live", status: "processing", completed_at: null });
    const rows = await database().db.selectFrom("tasks").selectAll().orderBy("created_at", "desc").execute();
    const views = await withEstimates(
      database().db,
      rows.map((row) => taskView(row)),
    );
    expect(views.find((v) => v.id === "task_live")?.estimate).toEqual({ expectedMs: 8_000, basis: "settings", samples: 3 });
    expect(views.filter((v) => v.id !== "task_live").every((v) => v.estimate === undefined)).toBe(true);
  });

  it("keys settings by what drives duration, not by the prompt or seed", () => {
    expect(settingsKey({ duration: 6, prompt: "a", seed: 1 })).toBe(settingsKey(JSON.stringify({ duration: 6, prompt: "b" })));
    expect(settingsKey({ duration: 6 })).not.toBe(settingsKey({ duration: 10 }));
    expect(settingsKey({ n: 2 })).not.toBe(settingsKey({ n: 1 }));
  });
});
