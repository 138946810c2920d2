// The legacy video endpoints through Darkroom (issue 29): a script written for POST /api/video/generate and
// GET /api/video/task/{taskId} works with a personal access token in `x-api-key`; the body is validated by
// alpha-2.3's schema, the task is created once per Idempotency-Key and sent through the upstream's legacy endpoint.
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/settings/access-tokens/route";
import { POST as generate } from "@/app/api/video/generate/route";
import { GET as retrieve } from "@/app/api/video/task/[taskId]/route";
import { GET as openApiRoute } from "@/app/v1/openapi.json/route";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { call, seedTeam, type Team } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;
let token: string;

const post = (body: unknown, key: string | null = `legacy-${Math.random()}`) =>
  call(generate, "/api/video/generate", {
    method: "POST",
    body,
    headers: { origin: "", "x-api-key": token, ...(key ? { "idempotency-key": key } : {}) },
  });

/** Whether an answer is what the OpenAPI document says the legacy route answers (its schema by name). */
async function describedAs(schema: string, answer: unknown): Promise<boolean> {
  const doc = (await call(openApiRoute, "/v1/openapi.json")).json;
  return new Ajv2020({ strict: false }).validate(doc.components.schemas[schema], answer);
}

beforeAll(async () => {
  team = await seedTeam();
  const made = await call(createRoute, "/api/settings/access-tokens", {
    method: "POST",
    cookie: team.member.cookie,
    body: { name: "old script", scope: "videos" },
  });
  token = made.json.token;
});

describe("the legacy endpoints through Darkroom", () => {
  it("creates once per key, sends it through the upstream's legacy endpoint, and answers in legacy names", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const body = { ...BODIES.legacy(), resolution: "1080P", outputDurationSec: 6 };
    const created = await post(body, "legacy-1");
    // The legacy dialect answers 200 {taskId, status, creditCost} to a new task, and the same to a replay.
    expect(created.status).toBe(200);
    expect(created.json).toEqual({ taskId: expect.stringMatching(/^task_/), status: "PENDING", creditCost: expect.any(Number) });
    const replay = await post(body, "legacy-1");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(created.json);
    expect(await describedAs("LegacyCreated", created.json)).toBe(true);

    expect(await dispatchOnce(t.engine)).toBe(1);
    const submission = (await getSubmission(database().db, { id: created.json.taskId.slice("task_".length) }))!;
    expect(submission, submission.error_message ?? "").toMatchObject({ endpoint: "legacy", state: "accepted" });
    expect(JSON.parse(submission.body)).toMatchObject({ modelKey: "alpha-2.3", resolution: "1080P", outputDurationSec: 6 });
    await t.pollUntil(submission.task_id!, (task) => task.archive_state === "done");

    const done = await call(retrieve, "/api/video/task/x", { headers: { "x-api-key": token }, params: { taskId: created.json.taskId } });
    expect(done.json).toMatchObject({
      taskId: created.json.taskId,
      modelKey: "alpha-2.3",
      status: "SUCCEEDED",
      videoUrl: expect.stringMatching(/^http:\/\/localhost:3000\/v1\/files\//),
    });
    expect(JSON.stringify(done.json)).not.toContain(emu.url);
    expect(await describedAs("LegacyTask", done.json)).toBe(true);
  });

  it("refuses in the legacy error shape: a 400 naming the legacy field, a missing Idempotency-Key, a missing token", async () => {
    const bad = await post({ ...BODIES.legacy(), outputDurationSec: 7 });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errorCode: "INVALID_REQUEST", errorMessage: expect.any(String), field: "outputDurationSec" });
    expect(await describedAs("LegacyError", bad.json)).toBe(true);
    expect((await post({ modelKey: "beta-2.0", prompt: "x" })).json).toMatchObject({ errorCode: "INVALID_REQUEST", field: "modelKey" });
    expect((await post(BODIES.legacy(), null)).json).toEqual({ errorCode: "INVALID_IDEMPOTENCY_KEY", errorMessage: expect.any(String) });
    const bearerInstead = await call(generate, "/api/video/generate", {
      method: "POST",
      body: BODIES.legacy(),
      headers: { authorization: `Bearer ${token}`, "idempotency-key": "k" },
    });
    expect(bearerInstead.status).toBe(401);
    expect(bearerInstead.json).toEqual({ errorCode: "UNAUTHORIZED", errorMessage: expect.any(String) });
    expect(bearerInstead.headers.get("www-authenticate")).toBeNull();
  });
});
