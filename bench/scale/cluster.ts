// Darkroom instances as separate `next start` processes of one build, on one Postgres, one S3-compatible
// store and one upstream: what a team runs behind a load balancer. Each is a real process that can be
// killed with SIGKILL.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, needsBuild } from "@/lib/launcher/build";

export type Role = "all" | "web" | "worker";

export interface Instance {
  name: string;
  role: Role;
  url: string;
  port: number;
  child: ChildProcess;
  /** How this process names itself in leases (lib/tasks/engine/loop.ts: host:pid:…). */
  ownerPrefix: string;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");

/** Builds once (`next build`) when the sources are newer than the last build; every instance reuses it. */
export async function ensureBuild(): Promise<void> {
  if (!needsBuild()) return;
  console.log("building Darkroom once for every instance (next build)…");
  if (!(await build({ ...process.env, NODE_ENV: "production" }))) throw new Error("next build failed");
}

export interface InstanceConfig {
  name: string;
  role: Role;
  port: number;
  env: Record<string, string>;
}

export async function startInstance({ name, role, port, env }: InstanceConfig): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `darkroom-scale-${name}-`));
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, ...env, NODE_ENV: "production", DARKROOM_ROLE: role, PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-20_000)));
  child.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const instance: Instance = {
    name,
    role,
    url,
    port,
    child,
    ownerPrefix: `${os.hostname()}:${child.pid}:`,
    output: () => output,
    async kill(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await waitReady(instance, exited);
  return instance;
}

async function waitReady(instance: Instance, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const give = Date.now() + 90_000;
  while (Date.now() < give) {
    if (gone) throw new Error(`${instance.name} exited while starting:\n${instance.output()}`);
    for (const probe of ["/api/health/ready", "/api/health"]) {
      try {
        const response = await fetch(instance.url + probe);
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} did not become ready in 90 s:\n${instance.output()}`);
}
