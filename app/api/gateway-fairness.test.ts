// A script and a person share the team's API (issue 29): the script queues 20 images and 6 videos through
// Darkroom at once while a person generates in the browser. Nobody gets a 429 for a busy slot, the upstream
// never sees more than its limits, the person's work is not stuck behind the script's, and every task is
// charged once and recorded.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as dashboard } from "@/app/api/generations/route";
import { POST as createToken } from "@/app/api/settings/access-tokens/route";
import { POST as images } from "@/app/v1/images/generations/route";
import { GET as retrieve } from "@/app/v1/tasks/[id]/route";
import { POST as videos } from "@/app/v1/videos/generations/route";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { call, seedTeam, type Team } from "@/lib/testing/app";
import { countCalls, testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;

beforeAll(async () => {
  team = await seedTeam();
});

describe("a script and a person at once", () => {
  it("queues the script's burst without a 429, interleaves the person's work, and charges every task once", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const before = await emu.credits(apiKey);
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    const made = await call(createToken, "/api/settings/access-tokens", {
      method: "POST",
      cookie: team.member.cookie,
      body: { name: "batch", scope: "all" },
    });
    const auth = { authorization: `Bearer ${made.json.token}`, origin: "" };

    const burst = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        call(images, "/v1/images/generations", {
          method: "POST",
          body: BODIES.gamma(`frame ${i}`),
          headers: { ...auth, "idempotency-key": `img-${i}` },
        }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        call(videos, "/v1/videos/generations", {
          method: "POST",
          body: BODIES.alpha(`shot ${i}`),
          headers: { ...auth, "idempotency-key": `vid-${i}` },
        }),
      ),
    ]);
    expect(burst.map((r) => r.status)).toEqual(Array(26).fill(202));
    const person = [];
    for (const prompt of ["my portrait", "my landscape"]) {
      const answer = await call(dashboard, "/api/generations", {
        method: "POST",
        cookie: team.admin.cookie,
        body: { submissionId: randomUUID(), request: BODIES.gamma(prompt) },
      });
      expect(answer.status).toBe(202);
      person.push(answer.json.submissions[0].id as string);
    }

    // The first tick fills the 5 image slots: the person's two are among them, not 20 places back.
    await dispatchOnce(t.engine);
    const sent = await database().db.selectFrom("submissions").select(["id", "state"]).where("id", "in", person).execute();
    expect(sent.map((s) => s.state)).toEqual(["accepted", "accepted"]);

    const all = () => database().db.selectFrom("tasks").select(["id", "status", "archive_state", "credits_used"]).execute();
    // Until every task is made and archived; the test's timeout is the hang detector. The emulator renders in real
    // time while its clock moves 5 s a round: half a second of real time a round keeps the 30-minute deadline
    // (360 rounds) far beyond the renders of a machine busy with the whole suite.
    for (;;) {
      const tasks = await all();
      if (tasks.length === 28 && tasks.every((task) => task.archive_state === "done")) break;
      await dispatchOnce(t.engine);
      await t.advance(5);
      await pollOnce(t.engine);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const tasks = await all();
    expect(tasks).toHaveLength(28);
    expect(tasks.every((task) => task.status === "succeeded" && task.archive_state === "done")).toBe(true);
    // Never over the upstream's limits: no 429 of any kind, and one creation per submission.
    expect(calls.filter((c) => c.status === 429)).toEqual([]);
    const creations = calls.filter((c) => c.method === "createImage" || c.method === "createVideo");
    expect(new Set(creations.map((c) => c.target)).size).toBe(28);
    expect(creations).toHaveLength(28);
    // Money: what the account paid is what the tasks say they used, each once.
    expect(before - (await emu.credits(apiKey))).toBe(tasks.reduce((sum, task) => sum + (task.credits_used ?? 0), 0));
    // No slot held by a finished task: nothing waits or is being sent.
    const waiting = await database().db.selectFrom("submissions").select("id").where("state", "in", ["queued", "sending"]).execute();
    expect(waiting).toEqual([]);

    // The script reads every one of its tasks as succeeded, from Darkroom's archive.
    for (const answer of burst) {
      const task = await call(retrieve, `/v1/tasks/${answer.json.id}`, { headers: auth, params: { id: answer.json.id } });
      expect(task.json).toMatchObject({ status: "succeeded", data: [{ url: expect.stringMatching(/\/v1\/files\//) }] });
    }
    // A hang detector: 28 renders and their archiving took 14 s alone, over a minute beside the whole suite.
  }, 300_000);
});
