// Choosing the legacy endpoint for alpha-2.3: the route rewrites the form's request into the legacy body,
// the engine creates it through POST /api/video/generate (x-api-key + Idempotency-Key) and polls the legacy
// retrieval, under both legacy naming schemes the emulator plays.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/generations/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { creditTotals } from "@/lib/db/credit-totals";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { call, expectError, seedTeam, type Team } from "@/lib/testing/app";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;

const post = (body: Record<string, unknown>) =>
  call(generate, "/api/generations", { method: "POST", cookie: team.member.cookie, body: { submissionId: randomUUID(), ...body } });

describe("POST /api/generations with endpoint legacy", () => {
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("refuses legacy for other models and for image-to-video, naming the endpoint", async () => {
    for (const request of [
      { model: "alpha-2.3-fast", prompt: "a kite", image_url: "https://cdn.example.com/a.png" },
      { model: "alpha-2.3", prompt: "a kite", image_url: "https://cdn.example.com/a.png" },
      { model: "gamma-5-pro", prompt: "a kite" },
    ]) {
      const response = await post({ endpoint: "legacy", request });
      expectError(response, 422, "invalid:body");
      expect(response.json.error.fields.endpoint).toMatch(/legacy endpoint/);
    }
    expectError(await post({ endpoint: "v2", request: { model: "alpha-2.3", prompt: "a kite" } }), 422, "invalid:body");
  });

  for (const legacyShape of ["a", "b"] as const) {
    it(`creates through /api/video/generate and polls the legacy retrieval to the end (legacyShape ${legacyShape})`, async () => {
      const emu = emulator();
      await emu.setProfile({ legacyShape });
      const { apiKey } = await emu.account();
      const t = await testEngine(emu, apiKey);
      const before = await emu.credits(apiKey);

      const shown = { model: "alpha-2.3", prompt: "a lantern drifting over a lake", resolution: "1080p", duration: 6 };
      const response = await post({ endpoint: "legacy", request: shown });
      expect(response.status, JSON.stringify(response.json)).toBe(202);
      const id = response.json.submissions[0].id as string;
      const stored = (await getSubmission(database().db, { id }))!;
      expect(stored.endpoint).toBe("legacy");
      expect(JSON.parse(stored.body)).toEqual({
        modelKey: "alpha-2.3",
        prompt: shown.prompt,
        resolution: "1080P",
        outputDurationSec: 6,
        promptExtend: true,
      });
      expect(stored.idempotency_key).toMatch(/^darkroom-/); // stored before anything is sent

      await dispatchOnce(t.engine);
      const accepted = (await getSubmission(database().db, { id }))!;
      expect(accepted.state).toBe("accepted");
      const task = await t.pollUntil(accepted.task_id!, (row) => row.status === "succeeded" && row.archive_state === "done", 40);
      expect(task.legacy).toBeTruthy();
      expect(task.model).toBe("alpha-2.3");
      expect(task.prompt).toBe(shown.prompt);

      // The same key and body on the legacy endpoint (with x-api-key) replay that very task: it was created
      // there, with this key, and a replay charges nothing more.
      const replay = await emu.legacyCreate(apiKey, JSON.parse(stored.body), { key: stored.idempotency_key });
      expect(replay.status, replay.text).toBeLessThan(300);
      expect((replay.body as { taskId: string }).taskId).toBe(task.id);

      // Money: the task is recorded with what it cost, and the account was charged once. The legacy answers
      // carry one cost figure; on success it is what was used (docs/engine.md, "Legacy answers"), so the task shows
      // "used", never "reserved", and the Credits page counts it as used.
      const after = await emu.credits(apiKey);
      expect(task.credits_reserved).toBeGreaterThan(0);
      expect(task.credits_used).toBe(task.credits_reserved);
      expect(before - after).toBe(task.credits_used);
      const view = (await call(getTask, `/api/tasks/${task.id}`, { cookie: team.member.cookie, params: { id: task.id } })).json.task;
      expect(view.credits).toEqual({ reserved: task.credits_reserved, used: task.credits_reserved, refunded: null });
      const all = await database().db.selectFrom("tasks").select("credits_reserved").execute();
      const spent = all.reduce((sum, row) => sum + (row.credits_reserved ?? 0), 0);
      expect(await creditTotals(database().db)).toMatchObject({ used: spent, reservedNow: 0, refunded: 0 });
      await pollOnce(t.engine);
      expect(await emu.credits(apiKey)).toBe(after);
      // Slots: nothing finished still holds one, nothing is waiting to be sent.
      const live = await database().db.selectFrom("tasks").select("id").where("status", "in", ["pending", "processing"]).execute();
      expect(live).toEqual([]);
      expect(await dispatchOnce(t.engine)).toBe(0);
    });
  }
});
