// Learning which alpha resolutions this API takes: a 422 naming `resolution` (the emulator's profile
// alphaResolution "720p" refuses 768p) is remembered in the instance table, read by the form and Settings,
// and reset by an admin.
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as reset, GET as read } from "@/app/api/settings/refused-values/route";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { call, expectError, seedTeam, type Team } from "@/lib/testing/app";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;

const refused = async () => {
  const response = await call(read, "/api/settings/refused-values", { cookie: team.member.cookie });
  expect(response.status).toBe(200);
  return response.json.alphaResolution as string[];
};

describe("resolutions the API refuses", () => {
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("remembers a resolution refused with 422, says so, charges nothing, and an admin resets it", async () => {
    const emu = emulator();
    await emu.setProfile({ alphaResolution: "720p" });
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const before = await emu.credits(apiKey);
    expect(await refused()).toEqual([]);

    const [id] = await t.submit({ model: "alpha-2.3", prompt: "a harbour at 768p", resolution: "768p" });
    await dispatchOnce(t.engine);
    const submission = (await getSubmission(database().db, { id: id! }))!;
    expect(submission.state).toBe("rejected");
    expect(submission.error_field).toBe("resolution");
    expect(submission.error_message).toMatch(/does not take resolution 768p: the form no longer offers it/);
    expect(await refused()).toEqual(["768p"]);
    expect(await emu.credits(apiKey)).toBe(before);

    // A value the API takes is not recorded; a second refusal of the same value is recorded once.
    const [ok] = await t.submit({ model: "alpha-2.3", prompt: "a harbour at 720p", resolution: "720p" });
    const [again] = await t.submit({
      model: "alpha-2.3-fast",
      prompt: "again 768p",
      resolution: "768p",
      image_url: "https://cdn.example.com/a.png",
    });
    await dispatchOnce(t.engine);
    expect((await getSubmission(database().db, { id: ok! }))?.state).toBe("accepted");
    expect((await getSubmission(database().db, { id: again! }))?.state).toBe("rejected");
    expect(await refused()).toEqual(["768p"]);

    // An epsilon-v6 text request without aspect_ratio, to an API that requires it: learned beside it.
    await emu.setProfile({ aspectRatioRequired: true });
    await t.submit({ model: "epsilon-v6", mode: "text-to-video", prompt: "a harbour, any shape" });
    await dispatchOnce(t.engine);
    const learned = await call(read, "/api/settings/refused-values", { cookie: team.viewer.cookie });
    expect(learned.json).toEqual({ alphaResolution: ["768p"], aspectRatioRequired: true, referenceType: { refused: [], accepted: null } });

    expectError(await call(reset, "/api/settings/refused-values", { method: "DELETE", cookie: team.member.cookie }), 403, "forbidden:role");
    expect(await refused()).toEqual(["768p"]);
    const cleared = await call(reset, "/api/settings/refused-values", { method: "DELETE", cookie: team.admin.cookie });
    expect(cleared.status).toBe(200);
    const nothing = { alphaResolution: [], aspectRatioRequired: false, referenceType: { refused: [], accepted: null } };
    expect(cleared.json).toEqual(nothing);
    expect((await call(read, "/api/settings/refused-values", { cookie: team.member.cookie })).json).toEqual(nothing);
  });
});
