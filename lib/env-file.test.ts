// Issue 27: README said "see .env.example", but nothing read a `.env`, so ports put there were ignored. The
// launcher's first step is `loadEnvFile()` (lib/env.ts) in its working directory; each test runs it as the
// launcher does, in a fresh Node process whose working directory holds the `.env` under test, and reads back the
// configuration the launcher then starts from (its PORT and EMULATOR_PORT) and what its children inherit.
// (A real `npm start` would build Next first: minutes of CPU for what these show in a second.)
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const envModule = path.join(root, "lib", "env.ts");
// The working directory is a scratch folder, so tsx is named by its place in this checkout.
const tsx = pathToFileURL(path.join(root, "node_modules", "tsx", "dist", "loader.mjs")).href;
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch working directory holding `.env` with `content` (none when undefined). */
function workingDir(content: string | undefined): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "darkroom-env-file-"));
  dirs.push(dir);
  if (content !== undefined) writeFileSync(path.join(dir, ".env"), content);
  return dir;
}

interface Loaded {
  port?: number;
  emulatorPort?: number;
  plan?: string;
  /** What the launcher hands its children (the emulator and Next): its own environment after loading. */
  inherited?: Record<string, string | undefined>;
  error?: string;
}

/** Runs the launcher's first step in `cwd` with exactly `environment` (plus PATH and NODE_ENV), as its own process. */
function load(cwd: string, environment: Record<string, string> = {}): Promise<Loaded> {
  const script = `
    const { loadEnvFile } = await import(${JSON.stringify(envModule)});
    try {
      const env = loadEnvFile();
      const inherited = { PORT: process.env.PORT, EMULATOR_PORT: process.env.EMULATOR_PORT };
      console.log(JSON.stringify({ port: env.PORT, emulatorPort: env.EMULATOR_PORT, plan: env.ACCOUNT_PLAN, inherited }));
    } catch (error) {
      console.log(JSON.stringify({ error: error.message }));
    }`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--conditions=react-server", "--import", tsx, "--input-type=module", "--eval", script],
      { cwd, env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...environment } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Loaded)),
    );
  });
}

describe("loadEnvFile, the launcher's first step", () => {
  it("uses the ports set in .env, for the launcher and the processes it starts", async () => {
    const cwd = workingDir("# two free ports\nPORT=3456\nEMULATOR_PORT=4567\nACCOUNT_PLAN=paid\n");
    const loaded = await load(cwd);
    expect(loaded).toEqual({ port: 3456, emulatorPort: 4567, plan: "paid", inherited: { PORT: "3456", EMULATOR_PORT: "4567" } });
  });

  it("lets a variable already in the environment win over .env, even an empty one", async () => {
    const cwd = workingDir("PORT=3456\nEMULATOR_PORT=4567\n");
    expect(await load(cwd, { PORT: "3300" })).toMatchObject({ port: 3300, emulatorPort: 4567 });
    // Empty means unset (lib/env.ts), so the default: how the browser tests keep a developer's upstream out.
    expect(await load(cwd, { PORT: "" })).toMatchObject({ port: 3000, emulatorPort: 4567 });
  });

  it("starts from the defaults when there is no .env", async () => {
    expect(await load(workingDir(undefined))).toMatchObject({ port: 3000, emulatorPort: 4010, plan: "free" });
  });

  it("takes .env.example copied to .env as it is", async () => {
    const cwd = workingDir(undefined);
    copyFileSync(path.join(root, ".env.example"), path.join(cwd, ".env"));
    expect(await load(cwd)).toMatchObject({ port: 3000, emulatorPort: 4010, plan: "free" });
  });

  it("names a wrong value found in .env", async () => {
    const cwd = workingDir("EMULATOR_PORT=4190\n");
    expect((await load(cwd)).error).toMatch(/^Invalid configuration: EMULATOR_PORT is a port browsers and fetch refuse/);
  });
});
