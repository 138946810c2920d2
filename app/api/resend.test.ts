// "Send again with a new key" over the route: only for a submission that needs attention, only with the
// second-charge warning accepted, by its member or an admin; the resend carries a new key and is charged once.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as resend } from "@/app/api/submissions/[id]/resend/route";
import { GET as queue } from "@/app/api/queue/route";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { call, expectError, seedTeam, type Team } from "@/lib/testing/app";
import { dispatchOnce, MAX_SEND_ATTEMPTS } from "@/lib/tasks/engine/dispatch";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;

const post = (id: string, cookie: string, body: unknown) =>
  call(resend, `/api/submissions/${id}/resend`, { method: "POST", cookie, params: { id }, body });

describe("POST /api/submissions/{id}/resend", () => {
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("sends a submission that needs attention again with a new key, once the warning is accepted", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await emu.faults([{ kind: "status", status: 503, path: "/v1/images", times: MAX_SEND_ATTEMPTS }]);
    const [id] = await t.submit(BODIES.gamma());
    for (let i = 0; i < MAX_SEND_ATTEMPTS; i += 1) {
      await dispatchOnce(t.engine);
      await t.advance(61);
    }
    const held = await getSubmission(database().db, { id: id! });
    expect(held?.state).toBe("attention");
    // Out of line, but listed with the queue so it is not forgotten, with the same words as its card.
    const listed = await call(queue, "/api/queue", { cookie: team.viewer.cookie });
    expect(listed.json.attention).toMatchObject([{ id, reason: { code: "attention", words: "Needs attention" }, sendAt: null }]);

    expectError(await post(id!, team.admin.cookie, {}), 422, "invalid:body");
    expectError(await post(id!, team.viewer.cookie, { acceptSecondCharge: true }), 403, "forbidden:role");
    expectError(await post(id!, team.member.cookie, { acceptSecondCharge: true }), 403, "forbidden:submission");
    const answer = await post(id!, team.admin.cookie, { acceptSecondCharge: true });
    expect(answer.status).toBe(200);
    expect(answer.json.submission).toMatchObject({ id, state: "queued", error: null });
    const requeued = await getSubmission(database().db, { id: id! });
    expect(requeued?.idempotency_key).not.toBe(held?.idempotency_key);
    expectError(await post(id!, team.admin.cookie, { acceptSecondCharge: true }), 409, "conflict:submission");

    await dispatchOnce(t.engine);
    expect(await getSubmission(database().db, { id: id! })).toMatchObject({ state: "accepted" });
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);
  });

  it("tells admins why the queue is on hold, and members only that it is", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ disabled: true });
    const t = await testEngine(emu, apiKey);
    await t.submit({ ...BODIES.epsilon(), aspect_ratio: "16:9" });
    await dispatchOnce(t.engine);
    const asAdmin = await call(queue, "/api/queue", { cookie: team.admin.cookie });
    expect(asAdmin.json.held.message).toMatch(/account is disabled/);
    const asMember = await call(queue, "/api/queue", { cookie: team.member.cookie });
    expect(asMember.json.held).toMatchObject({ message: null });
    expect(asMember.json.submissions).toHaveLength(1);
    expect(asMember.json.submissions[0].reason).toMatchObject({
      code: "account_disabled",
      words: expect.stringMatching(/^API account disabled/),
    });
  });
});
