// Issue 14, item 7 in the engine: an upstream answer naming an address the SSRF guard refuses marks the
// archive attempt failed, with the reason, at once; the task's other results are archived as usual.
import { beforeAll, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getResults, getTaskRow, insertTask } from "@/lib/db/tasks";
import { migrated } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";
import { archiveTask } from "./archive";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });

describe("archiving a result whose address the guard refuses", () => {
  beforeAll(migrated);

  it("fails the attempt with the reason, without retries, and keeps the good result", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const real = await emu.succeeded("images", apiKey, BODIES.gamma());
    const now = new Date().toISOString();
    await insertTask(database().db, {
      id: real.id,
      user_id: "user_test",
      model: "gamma-5-pro",
      kind: "image",
      status: "succeeded",
      created_at: now,
      updated_at: now,
    });
    const task = (await getTaskRow(database().db, { id: real.id }))!;
    const outcome = await archiveTask(t.engine, task, [{ url: real.data[0].url }, { url: "https://169.254.169.254/latest/meta-data/" }]);
    expect(outcome).toMatchObject({
      archive_state: "failed",
      archive_attempts: 1,
      archive_error: "The result was not downloaded: its address is not public (link-local).",
    });
    const [good, bad] = await getResults(database().db, { taskId: real.id });
    expect(good?.file).toBeTruthy();
    expect(bad?.file).toBeNull();
  });
});
