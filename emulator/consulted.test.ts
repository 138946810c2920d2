// The emulator notes which profile switches its answers consulted (what `npm run test:profiles` uses to leave
// out readings that cannot change a test file): requests mark what they read, the control API marks nothing.
import { describe, expect, it } from "vitest";
import { profileMatrix, profileProjects, PROFILE_TEST_FILES } from "@/bench/profile-matrix";
import { BODIES, emulatorForFile, startClient } from "./testing";

const emulator = emulatorForFile();

describe("switches consulted by the emulator's answers", () => {
  it("marks what a request reads, and nothing for the control API", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await emu.setProfile({ legacyShape: "b" });
    expect((await emu.control("GET", "/profile")).body).toMatchObject({ legacyShape: "b" });
    expect(emu.running.consulted()).toEqual([]);

    const task = (await emu.createTask("images", apiKey, BODIES.gamma())) as { id: string };
    await emu.getTask(apiKey, task.id);
    const afterImage = emu.running.consulted();
    expect(afterImage).toEqual(expect.arrayContaining(["initialStatus", "nullFields", "timestamps"]));
    for (const untouched of ["alphaResolution", "legacyShape", "referenceTypes", "errorBody"]) expect(afterImage).not.toContain(untouched);

    // An alpha request reads alphaResolution; an error answer reads errorBody.
    await emu.createTask("videos", apiKey, { model: "alpha-2.3", prompt: "a harbour" });
    expect((await emu.getTask(apiKey, "task_nobody")).status).toBe(404);
    expect(emu.running.consulted()).toEqual(expect.arrayContaining(["alphaResolution", "errorBody"]));
  });

  it("does not count a switch the test set itself, until a reset", async () => {
    const emu = await startClient();
    try {
      const { apiKey } = await emu.account();
      await emu.setProfile({ errorBody: "flat" });
      expect((await emu.getTask(apiKey, "task_nobody")).status).toBe(404);
      expect(emu.running.consulted()).not.toContain("errorBody");
      await emu.control("POST", "/reset");
      const { apiKey: again } = await emu.account();
      expect((await emu.getTask(again, "task_nobody")).status).toBe(404);
      expect(emu.running.consulted()).toContain("errorBody");
    } finally {
      await emu.running.close();
    }
  });

  it("leaves a file out of a one-switch profile only when its requests never consulted that switch", () => {
    const [first, second, third] = PROFILE_TEST_FILES as [string, string, string];
    const consulted = new Map([
      [first, new Set(["nullFields"])],
      [second, new Set(["nullFields", "legacyShape"])],
    ]);
    const projects = profileProjects(consulted);
    const filesOf = (name: string) => projects.find((project) => project.name === name)?.files;
    expect(filesOf("nullFields=true")).toEqual([first, second, third]);
    // The third file has no note: it runs everywhere.
    expect(filesOf('legacyShape="b"')).toEqual([second, third]);
    expect(filesOf('alphaResolution="720p"')).toEqual([third]);
    expect(filesOf("everything-non-default")).toEqual([first, second, third]);
    // Without notes, the whole matrix.
    expect(profileProjects().map((project) => project.files.length)).toEqual(profileMatrix().map(() => PROFILE_TEST_FILES.length));
  });
});
