// Starts lib/testing/instance-child.ts: another instance on this test file's database (SQLite file or Postgres).
import { spawn, type ChildProcess } from "node:child_process";

export interface SecondInstance {
  /** GET /api/me there with this cookie: its status. */
  me: (cookie: string) => Promise<number>;
  stop: () => void;
}

export async function startSecondInstance(): Promise<SecondInstance> {
  const child: ChildProcess = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/testing/instance-child.ts"], {
    env: { ...process.env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`second instance exited ${code}: ${output}`)));
  });
  return {
    me: async (cookie) => (await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie, origin: "http://localhost:3000" } })).status,
    stop: () => child.kill("SIGKILL"),
  };
}
