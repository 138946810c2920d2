// Conformance over real HTTP: the legacy video endpoints (POST /api/video/generate, GET /api/video/task/{taskId}),
// sharing accounts, tasks and credits with v1, in their own dialect: `x-api-key`, 200 {taskId, status, creditCost}
// on creation, upper-case statuses, `modelKey` on retrieval and errors as {errorCode, errorMessage}.
//
// Run against the emulator (emulator/conformance-legacy-control.test.ts) and Darkroom's gateway
// (app/api/gateway-conformance.test.ts); `on` says where the gateway differs on purpose.
import { describe, expect, it } from "vitest";
import { BODIES, newIdempotencyKey, type EmulatorClient } from "../testing";
import { targetReads, type Target } from "./target";

export function legacyConformance(emulator: () => EmulatorClient, on: Target) {
  const { credits } = targetReads(on);
  const legacyError = (code: string) => ({ errorCode: code, errorMessage: expect.any(String) });
  // The gateway answers a creation from its queue, before the upstream priced it: creditCost is then Darkroom's
  // estimate (the spec forbids computing prices), and the upstream's figure is read once the task is sent.
  const cost = async (emu: EmulatorClient, apiKey: string, created: { taskId: string; creditCost: number }) => {
    if (!on.send) return created.creditCost;
    await on.send();
    return (await emu.legacyGet(apiKey, created.taskId)).body.creditCost as number;
  };
  const creditCost = on.gateway ? expect.any(Number) : 38;

  describe("legacy endpoints", () => {
    it("creates an alpha-2.3 task (200 taskId, PENDING, creditCost) that v1 reads too, with shared credits", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const res = await emu.legacyCreate(apiKey, BODIES.legacy());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ taskId: expect.stringMatching(/^task_\S+$/), status: "PENDING", creditCost });

      const pending = await emu.legacyGet(apiKey, res.body.taskId);
      expect(pending.status).toBe(200);
      expect(pending.body).toEqual({
        taskId: res.body.taskId,
        modelKey: "alpha-2.3",
        status: "PENDING",
        creditCost,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(await cost(emu, apiKey, res.body)).toBe(38);
      expect(await emu.createTask("images", apiKey, BODIES.gamma())).toMatchObject({
        credits_reserved: on.gateway ? expect.any(Number) : 44,
      });
      expect(await credits(emu, apiKey)).toBe(100_000 - 38 - 44);

      const v1 = await emu.waitFor(apiKey, res.body.taskId);
      expect(v1).toMatchObject({ status: "succeeded", model: "alpha-2.3", credits_reserved: 38, credits_used: 38 });
      await emu.advance(5);
      const done = (await emu.legacyGet(apiKey, res.body.taskId)).body;
      expect(done).toMatchObject({ status: "SUCCEEDED", creditCost: 38 });
      // The same file; the gateway's links are signed per read, and one read may fall past the hour of the other's expiry.
      const file = (url: string) => (on.gateway ? url.split("?")[0] : url);
      expect(file(done.videoUrl)).toBe(file(v1.data[0].url));
      expect((await emu.media(done.videoUrl)).contentType).toBe("video/mp4");
    });

    it("replays the same key and body with Idempotent-Replayed, and answers 409 for another body", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const key = newIdempotencyKey();
      const first = await emu.legacyCreate(apiKey, BODIES.legacy("a kite [[hang]]"), { key });
      const again = await emu.legacyCreate(apiKey, BODIES.legacy("a kite [[hang]]"), { key });
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      const other = await emu.legacyCreate(apiKey, { ...BODIES.legacy("a kite [[hang]]"), outputDurationSec: 10 }, { key });
      expect(other.status).toBe(409);
      expect(other.body).toEqual(legacyError("IDEMPOTENCY_CONFLICT"));
      expect(await credits(emu, apiKey)).toBe(100_000 - 38);
    });

    it("does not answer a v1 task under a key reused with the same body (it would be a taskId the legacy GET 404s)", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const key = newIdempotencyKey();
      expect((await emu.create("videos", apiKey, BODIES.epsilon(), { key })).status).toBe(202);
      const res = await emu.legacyCreate(apiKey, BODIES.epsilon(), { key });
      // BUG (emulator): answers 200 {taskId of the epsilon-v6 task, status PENDING, creditCost 3} with
      // Idempotent-Replayed, and GET /api/video/task/{that id} then answers 404. An epsilon body is an
      // invalid legacy request (400), or a conflict for the key (409).
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      expect([400, 409]).toContain(res.status);
    });

    it("answers 400 INVALID_REQUEST for an invalid legacy field and 400 without an Idempotency-Key", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      // Darkroom's alpha-2.3 schema takes both 720p and 768p (the spec names each in one place, and which one an
      // account takes is the upstream's to say): the gateway queues 720P, and the upstream's refusal comes when sent.
      const lowResolution = { ...BODIES.legacy(), resolution: "720P" };
      if (on.gateway) {
        const queued = await emu.legacyCreate(apiKey, lowResolution);
        expect(queued.status).toBe(200);
        await emu.waitFor(apiKey, queued.body.taskId);
        expect((await emu.legacyGet(apiKey, queued.body.taskId)).body).toMatchObject({ status: "FAILED", errorCode: "invalid_request" });
      }
      for (const body of [
        ...(on.gateway ? [] : [lowResolution]),
        { ...BODIES.legacy(), resolution: "1080P", outputDurationSec: 10 },
        { ...BODIES.legacy(), promptExtend: "yes" },
        { prompt: "a kite" },
      ]) {
        const res = await emu.legacyCreate(apiKey, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject(legacyError("INVALID_REQUEST"));
      }
      const noKey = await emu.legacyCreate(apiKey, BODIES.legacy(), { key: null });
      expect(noKey.status).toBe(400);
      expect(noKey.body).toEqual(legacyError("INVALID_IDEMPOTENCY_KEY"));
      expect(await credits(emu, apiKey)).toBe(100_000);
      const hd = await emu.legacyCreate(apiKey, { ...BODIES.legacy("a kite [[hang]]"), resolution: "1080P" });
      expect(await cost(emu, apiKey, hd.body)).toBe(60);
    });

    it("requires x-api-key (401), answers 403 when disabled and 404 for another account's task", async () => {
      const emu = emulator();
      const [me, other] = [await emu.account(), await emu.account()];
      const mine = (await emu.legacyCreate(me.apiKey, BODIES.legacy("a kite [[hang]]"))).body.taskId as string;
      const bearer = { authorization: `Bearer ${me.apiKey}` };
      for (const res of [
        await emu.legacyCreate(null, BODIES.legacy(), { headers: bearer }),
        await emu.legacyCreate("sk-nope", BODIES.legacy()),
        await emu.legacyGet(null, mine, bearer),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual(legacyError("UNAUTHORIZED"));
      }
      const theirs = await emu.legacyGet(other.apiKey, mine);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(legacyError("NOT_FOUND"));
      await emu.patchAccount(me.apiKey, { disabled: true });
      const disabled = await emu.legacyCreate(me.apiKey, BODIES.legacy());
      // On the gateway, disabling a member revokes their tokens for good: 401, as on v1 (access.ts).
      expect(disabled.status).toBe(on.gateway ? 401 : 403);
      expect(disabled.body).toEqual(legacyError(on.gateway ? "UNAUTHORIZED" : "ACCOUNT_DISABLED"));
      // On the gateway the waiting task was never sent: disabling its member cancelled it, charging nothing.
      expect(await credits(emu, me.apiKey)).toBe(on.gateway ? 100_000 : 100_000 - 38);
    });
  });
}
