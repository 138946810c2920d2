// Issue 27: a first `npm start` built for five minutes with nothing on the screen. What the launcher says before,
// during and after the build, chosen from why it builds and what Next last printed.
import { describe, expect, it } from "vitest";
import { builtLine, formatElapsed, nextStep, progressLine, startMessage } from "./build-messages";

describe("startMessage", () => {
  it("says a first build is coming, how long it takes, and that the address follows", () => {
    const message = startMessage("first", false);
    expect(message).toMatch(/^Building Darkroom for the first time/);
    expect(message).toContain("about 3–5 minutes on two cores");
    expect(message).toContain("The address follows");
  });

  it("says a rebuild is because the sources changed, with the same estimate", () => {
    const message = startMessage("stale", false);
    expect(message).toMatch(/^The sources changed since the last build: building again/);
    expect(message).toContain("about 3–5 minutes on two cores");
  });

  it("says so when no build is needed", () => {
    expect(startMessage(undefined, false)).toBe("Build is up to date: starting.");
  });

  it("says development mode builds nothing, whatever the build's state", () => {
    for (const need of ["first", "stale", undefined] as const)
      expect(startMessage(need, true)).toBe("Development mode: no build; each page compiles the first time it is opened.");
  });
});

describe("progress while building", () => {
  it("writes elapsed time in seconds, then minutes and seconds", () => {
    expect(formatElapsed(0)).toBe("0 s");
    expect(formatElapsed(15_000)).toBe("15 s");
    expect(formatElapsed(59_400)).toBe("59 s");
    expect(formatElapsed(60_000)).toBe("1 min 00 s");
    expect(formatElapsed(185_000)).toBe("3 min 05 s");
  });

  it("names Next's current step when there is one", () => {
    expect(progressLine(75_000, "Creating an optimized production build")).toBe(
      "Still building, 1 min 15 s so far (Next: Creating an optimized production build)…",
    );
    expect(progressLine(30_000, undefined)).toBe("Still building, 30 s so far…");
    expect(builtLine(250_000)).toBe("Built in 4 min 10 s.");
  });

  it("follows Next's steps from its output lines", () => {
    let step: string | undefined;
    const lines = [
      "▲ Next.js 16.4.6 (Turbopack)",
      "- Environments: .env",
      "  Creating an optimized production build ...",
      "\u001b[32m✓\u001b[39m Compiled successfully in 2.9min",
      "  Running TypeScript ...",
      "  Finished TypeScript in 28.0s ...",
      "Collecting page data using 1 worker ...",
      "⚠ Using edge runtime on a page currently disables static generation for that page",
      "  Generating static pages using 1 worker (0/31) ...",
    ];
    const seen = lines.map((line) => (step = nextStep(step, line)));
    expect(seen).toEqual([
      undefined,
      undefined,
      "Creating an optimized production build",
      undefined,
      "Running TypeScript",
      undefined,
      "Collecting page data using 1 worker",
      "Collecting page data using 1 worker",
      "Generating static pages using 1 worker (0/31)",
    ]);
    expect(nextStep("Finalizing page optimization", "├ ƒ /api/tasks")).toBe("Finalizing page optimization");
  });
});
