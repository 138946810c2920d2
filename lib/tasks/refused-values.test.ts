// Learning from the API's 422s about values the spec leaves open, against the emulator over HTTP: epsilon-v6's
// aspect_ratio requirement (profile aspectRatioRequired) and image reference types (profile referenceTypes),
// under every form of error body and error object. A body that names the field teaches; a plain-text or empty
// one teaches nothing, and the submission still says which of its values the spec leaves open. Nothing is
// charged for a refusal, and the corrected request goes through.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { countLive } from "@/lib/db/tasks";
import { BODIES, emulatorForFile, FAST_TIMINGS, type EmulatorClient } from "@/emulator/testing";
import type { Profile } from "@/emulator/profile";
import { migrated } from "@/lib/testing/app";
import { clearEngineTables, testEngine } from "@/lib/testing/engine";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { learnedValues, resetLearnedValues } from "./refused-values";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const IMG = "https://cdn.example.com/a.png";

const submissionOf = async (id: string) => (await getSubmission(database().db, { id }))!;

/** Sends one request and answers its submission once the upstream has answered it. */
async function sendOne(emu: EmulatorClient, profile: Partial<Profile>, request: Record<string, unknown>) {
  await emu.setProfile(profile);
  const { apiKey } = await emu.account();
  const t = await testEngine(emu, apiKey);
  const before = await emu.credits(apiKey);
  const [id] = await t.submit(request);
  expect(await dispatchOnce(t.engine)).toBe(1);
  return { t, apiKey, before, submission: await submissionOf(id!) };
}

/** Money and slots: what the account paid is what Darkroom recorded, and only live tasks count as live. */
async function expectBooksBalance(emu: EmulatorClient, apiKey: string, before: number) {
  const rows = await database().db.selectFrom("tasks").selectAll().execute();
  expect(before - (await emu.credits(apiKey)), "credits charged but not recorded").toBe(
    rows.reduce((sum, row) => sum + (row.credits_reserved ?? 0), 0),
  );
  const live = rows.filter((row) => row.status === "pending" || row.status === "processing").length;
  expect(await countLive(database().db, { kind: "video" })).toBe(live);
}

const FORMS: [Profile["errorBody"], Profile["errorObject"]][] = (["nested", "flat", "text", "empty"] as const).flatMap((body) =>
  (["basic", "extended"] as const).map((object): [Profile["errorBody"], Profile["errorObject"]] => [body, object]),
);
/** Bodies that carry the 422's field. */
const names = (errorBody: Profile["errorBody"]) => errorBody === "nested" || errorBody === "flat";

describe("values the API refuses with a 422", () => {
  beforeAll(migrated);
  beforeEach(async () => {
    await clearEngineTables();
    await resetLearnedValues(database().db);
  });
  afterEach(async () => {
    await emulator().control("POST", "/reset");
  });

  for (const [errorBody, errorObject] of FORMS) {
    it(`epsilon-v6 aspect_ratio required (errorBody ${errorBody}, errorObject ${errorObject})`, async () => {
      const emu = emulator();
      const profile = { aspectRatioRequired: true, errorBody, errorObject };
      const { t, apiKey, before, submission } = await sendOne(emu, profile, BODIES.epsilon());
      expect(submission.state).toBe("rejected");
      expect(submission.error_message).toMatch(/Nothing was charged\.$/);
      if (names(errorBody)) {
        expect(submission.error_field).toBe("aspect_ratio");
        expect(submission.error_message).toMatch(
          /requires aspect_ratio in epsilon-v6's text and reference modes: the form now asks for one/,
        );
        expect((await learnedValues(database().db)).aspectRatioRequired).toBe(true);
      } else {
        expect(submission.error_message).toMatch(
          /did not say which field it refused, so nothing was learned.*no aspect_ratio \(left to the API\)/,
        );
        expect((await learnedValues(database().db)).aspectRatioRequired).toBe(false);
      }

      // A value it refuses when sent is an ordinary invalid request: nothing is learned from it.
      await resetLearnedValues(database().db);
      const [odd] = await t.submit({ ...BODIES.epsilon(), aspect_ratio: "5:4" });
      await dispatchOnce(t.engine);
      expect((await submissionOf(odd!)).state).toBe("rejected");
      expect((await learnedValues(database().db)).aspectRatioRequired).toBe(false);

      const [fixed] = await t.submit({ ...BODIES.epsilon(), aspect_ratio: "16:9" });
      await dispatchOnce(t.engine);
      expect((await submissionOf(fixed!)).state).toBe("accepted");
      await expectBooksBalance(emu, apiKey, before);
    });

    it(`epsilon-v6 reference types (errorBody ${errorBody}, errorObject ${errorObject})`, async () => {
      const emu = emulator();
      const profile = { referenceTypes: ["subject", "style"], errorBody, errorObject };
      const references = [
        { image_url: IMG, type: "subject" },
        { image_url: IMG, type: "background", ref_name: "bg" },
      ];
      const request = { ...BODIES.epsilon(), mode: "reference-to-video", aspect_ratio: "16:9", image_references: references };
      const { t, apiKey, before, submission } = await sendOne(emu, profile, request);
      expect(submission.state).toBe("rejected");
      const learned = await learnedValues(database().db);
      if (names(errorBody)) {
        expect(submission.error_field).toBe("image_references.1.type");
        expect(submission.error_message).toMatch(
          /does not take reference type background: the form no longer offers it\. It takes subject, style\./,
        );
        expect(learned.referenceType).toEqual({ refused: ["background"], accepted: ["subject", "style"] });
      } else {
        expect(submission.error_message).toMatch(/nothing was learned.*reference types subject, background\. Nothing was charged\.$/);
        expect(learned.referenceType).toEqual({ refused: [], accepted: null });
      }

      const [fixed] = await t.submit({ ...request, image_references: [references[0], { ...references[1], type: "style" }] });
      await dispatchOnce(t.engine);
      expect((await submissionOf(fixed!)).state).toBe("accepted");
      await expectBooksBalance(emu, apiKey, before);
    });
  }

  it("learns from a 422 that names a single accepted type, keeps an alpha resolution beside it, and a reset forgets all", async () => {
    const emu = emulator();
    // One accepted type: the emulator's message then names it alone ("must be subject").
    const profile = { referenceTypes: ["subject"], errorBody: "nested" as const };
    const request = { ...BODIES.epsilon(), mode: "reference-to-video", image_references: [{ image_url: IMG, type: "background" }] };
    const { submission } = await sendOne(emu, profile, request);
    expect(submission.state).toBe("rejected");
    expect((await learnedValues(database().db)).referenceType).toEqual({ refused: ["background"], accepted: ["subject"] });
    // The alpha resolution learned on another day stays beside it, and a reset forgets all of it.
    const alpha = await sendOne(emu, { alphaResolution: "720p" }, { model: "alpha-2.3", prompt: "a harbour", resolution: "768p" });
    expect(alpha.submission.state).toBe("rejected");
    expect(await learnedValues(database().db)).toEqual({
      alphaResolution: ["768p"],
      aspectRatioRequired: false,
      referenceType: { refused: ["background"], accepted: ["subject"] },
    });
    await resetLearnedValues(database().db);
    expect(await learnedValues(database().db)).toEqual({
      alphaResolution: [],
      aspectRatioRequired: false,
      referenceType: { refused: [], accepted: null },
    });
  });
});
