// A worker runs file after file in one process: what one file changes of it must not reach the next. Two files
// that followed front-body-limits.test.ts in a worker had their servers answered by the dashboard's front.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startState, startServer } from "@/lib/server-start";
import { snapshotProcess } from "./process-state";
import { migrated } from "./app";

/** The status a plain server (not the dashboard) answers to a 70 KB POST, as the emulator and s3rver get them. */
async function largeBodyStatus(): Promise<number> {
  const server = createServer((req, res) => req.resume().on("end", () => res.end("read")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/bucket/key`, { method: "PUT", body: "x".repeat(70_000) });
    await response.arrayBuffer();
    return response.status;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("what a test file changes of its worker's process", () => {
  it("takes the dashboard's front off every HTTP server once the file that loaded it ends", async () => {
    const restore = snapshotProcess();
    await import("@/lib/launcher/front.mjs");
    expect(await largeBodyStatus()).toBe(413);
    await restore();
    expect(await largeBodyStatus()).toBe(200);
  });

  it("puts the environment back: variables set, changed or removed", async () => {
    process.env.DARKROOM_PROCESS_STATE_ONE = "kept";
    const restore = snapshotProcess();
    process.env.DARKROOM_PROCESS_STATE_ONE = "changed";
    process.env.DARKROOM_PROCESS_STATE_TWO = "added";
    await restore();
    expect(process.env.DARKROOM_PROCESS_STATE_ONE).toBe("kept");
    expect(process.env.DARKROOM_PROCESS_STATE_TWO).toBeUndefined();
    delete process.env.DARKROOM_PROCESS_STATE_ONE;
  });

  it("drops Darkroom's per-process state: the next file starts as a new process would", async () => {
    const restore = snapshotProcess();
    await migrated();
    await startServer();
    expect(startState()).toEqual({ phase: "ready" });
    await restore();
    expect(startState()).toEqual({ phase: "starting" });
  });
});
