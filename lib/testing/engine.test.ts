// The engine the integration tests drive (lib/testing/engine.ts) waits for the upstream as long as a busy
// machine needs: readings.test.ts once counted three creations where one was sent, because a creation that took
// over the old 5 s to answer was taken as unanswered and the engine went on to the next submission.
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { BODIES, emulatorForFile } from "@/emulator/testing";
import { migrated } from "./app";
import { countCalls, testEngine } from "./engine";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";

const emulator = emulatorForFile();

describe("testEngine", () => {
  beforeAll(migrated);

  it("takes an answer that comes after 5 s as an answer", { timeout: 60_000 }, async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await emu.faults([{ method: "POST", path: "/v1/images", kind: "delay", delayMs: 5_500 }]);
    const calls = countCalls(t.engine);
    await t.submit(BODIES.gamma(), { runs: 2 });
    await dispatchOnce(t.engine);
    expect(calls.filter((call) => call.method.startsWith("create"))).toHaveLength(2);
    const states = await database().db.selectFrom("submissions").select("state").execute();
    expect(states.map((s) => s.state)).toEqual(["accepted", "accepted"]);
  });
});
