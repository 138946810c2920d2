import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/generations/route";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { call, expectError, seedTeam, type Team } from "@/lib/testing/app";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;

const post = (request: Record<string, unknown>, submissionId = randomUUID()) =>
  call(generate, "/api/generations", { method: "POST", cookie: team.member.cookie, body: { submissionId, request } });

describe("POST /api/generations", () => {
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("answers a repeated submission with the one stored, and refuses its id for another request", async () => {
    const id = randomUUID();
    const first = await post(BODIES.gamma(), id);
    expect(first.status).toBe(202);
    const again = await post(BODIES.gamma(), id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ repeated: true, submissions: [{ id }] });
    expectError(await post(BODIES.gamma("something else"), id), 409, "conflict:submission");
  });

  it("turns a reference to an earlier result into the upstream's URL for it, which the upstream accepts", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [sourceId] = await t.submit(BODIES.gamma());
    await dispatchOnce(t.engine);
    const source = (await getSubmission(database().db, { id: sourceId! }))!;
    await t.pollUntil(source.task_id!, (task) => task.archive_state === "done");

    const reference = `/api/media/${source.task_id}/0`;
    const response = await post({ model: "alpha-2.3-fast", prompt: "the harbour comes alive", image_url: reference });
    expect(response.status).toBe(202);
    const stored = await getSubmission(database().db, { id: response.json.submissions[0].id });
    const imageUrl = (JSON.parse(stored!.body) as { image_url: string }).image_url;
    expect(imageUrl).toMatch(new RegExp(`^${emu.url}/media/`));
    expect(JSON.stringify(response.json)).not.toContain(emu.url); // the browser never sees it

    await dispatchOnce(t.engine);
    expect((await getSubmission(database().db, { id: stored!.id }))?.state).toBe("accepted");
  });

  it("says which field names a result that Darkroom does not have", async () => {
    const response = await post({ model: "alpha-2.3-fast", prompt: "the harbour", image_url: "/api/media/task_unknown/0" });
    expectError(response, 422, "invalid:body");
    // An unknown task and one the caller may not see answer alike: the refusal confirms nothing.
    expect(response.json.error.fields).toEqual({ "request.image_url": expect.stringMatching(/not one you can use/) });
  });
});
