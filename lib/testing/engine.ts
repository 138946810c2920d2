// Test harness: an Engine on the test database, talking to a real emulator, with a clock that moves
// together with the emulator's (so the 5 s poll floor and the emulator's own rules agree).
import "server-only";
import { randomUUID } from "node:crypto";
import { database } from "@/lib/db";
import { mediaStore } from "@/lib/media/store";
import type { EmulatorClient } from "@/emulator/testing";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";
import type { FailureKind, UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import type { Engine } from "@/lib/tasks/engine/context";
import type { TaskEvent } from "@/lib/events/bus";
import { getTaskRow, type TaskRow } from "@/lib/db/tasks";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { keyIdOf } from "@/lib/tasks/engine/rate-budget";
import { submit } from "@/lib/tasks/submit";

export interface TestEngine {
  engine: Engine;
  events: TaskEvent[];
  /** Moves this engine's clock and the emulator's by the same amount. */
  advance(seconds: number): Promise<void>;
  submit(request: Record<string, unknown>, options?: { runs?: number; id?: string }): Promise<string[]>;
  /** Polls every 5 s of engine time (the emulator renders in real time, so a little real time passes too). */
  pollUntil(taskId: string, done: (task: TaskRow) => boolean, maxPolls?: number): Promise<TaskRow>;
}

/** `emu` is the emulator, or any upstream with no clock of its own (a hostile fake: `advance` does nothing there). */
export async function testEngine(
  emu: Pick<EmulatorClient, "url" | "advance">,
  apiKey: string,
  { plan = "free" as Engine["plan"] } = {},
): Promise<TestEngine> {
  let offsetMs = 0;
  const events: TaskEvent[] = [];
  const engine: Engine = {
    connection: database(),
    // A hang detector only: on a busy machine a creation took over 5 s to answer, and the engine (rightly) took
    // it as unanswered and went on to the next, which a test then counted as a second creation.
    client: createUpstreamClient({ baseUrl: emu.url, apiKey, timeoutMs: 60_000, now: () => Date.now() + offsetMs }),
    upstreamBaseUrl: emu.url,
    keyId: keyIdOf(apiKey),
    media: mediaStore(),
    plan,
    now: () => new Date(Date.now() + offsetMs),
    owner: randomUUID(),
    publish: (event) => events.push(event),
  };
  const advance = async (seconds: number) => {
    offsetMs += seconds * 1000;
    await emu.advance(seconds);
  };
  return {
    engine,
    events,
    advance,
    async submit(request, { runs, id = randomUUID() } = {}) {
      const model = String(request.model);
      const kind = model === "gamma-5-pro" || model === "delta-image-2" ? "image" : "video";
      const { submissions } = await submit({
        connection: engine.connection,
        submission: { id, userId: "user_test", model, kind, endpoint: kind === "image" ? "images" : "videos", request, runs },
      });
      return submissions.map((s) => s.id);
    },
    async pollUntil(taskId, done, maxPolls = 20) {
      for (let i = 0; i < maxPolls; i += 1) {
        const task = await getTaskRow(engine.connection.db, { id: taskId });
        if (task && done(task)) return task;
        await new Promise((resolve) => setTimeout(resolve, 50));
        await advance(5);
        await pollOnce(engine);
      }
      throw new Error(`task ${taskId} did not reach the expected state in ${maxPolls} polls`);
    },
  };
}

// ---- Upstream call records, clean tables (appended for the limits, retry-after, lifecycle and long-run tests) ----

export interface UpstreamCall {
  method: keyof UpstreamClient;
  /** The task id of a retrieval, or the Idempotency-Key of a creation. */
  target: string | undefined;
  /** Engine-clock time (ms) at which the request was sent. */
  at: number;
  /**
   * Engine-clock time (ms) at which its answer (or failure) arrived: for a failure, when the client saw its
   * headers (the instant a Retry-After counts from), not when the call returned after reading the body.
   */
  answeredAt: number;
  /** The HTTP status answered; undefined when no answer came (network error, timeout). */
  status: number | undefined;
  /** "ok", or the failure's kind (rate_limited, concurrency_limited, not_found, ...). */
  kind: "ok" | FailureKind;
}

/** Forwards to `client` and records every call, timed on `clock` (the engine's). */
export function countingClient(client: UpstreamClient, clock: () => Date): { client: UpstreamClient; calls: UpstreamCall[] } {
  const calls: UpstreamCall[] = [];
  const record = async (method: keyof UpstreamClient, target: string | undefined, send: () => Promise<UpstreamOutcome<Task>>) => {
    const at = clock().getTime();
    const outcome = await send();
    const answeredAt = (!outcome.ok && outcome.arrivedAt) || clock().getTime();
    calls.push({ method, target, at, answeredAt, status: outcome.status, kind: outcome.ok ? "ok" : outcome.kind });
    return outcome;
  };
  return {
    calls,
    client: {
      createVideo: (body, key) => record("createVideo", key, () => client.createVideo(body, key)),
      createImage: (body, key) => record("createImage", key, () => client.createImage(body, key)),
      getTask: (id) => record("getTask", id, () => client.getTask(id)),
      createLegacyVideo: (body, key) => record("createLegacyVideo", key, () => client.createLegacyVideo(body, key)),
      getLegacyTask: (id) => record("getLegacyTask", id, () => client.getLegacyTask(id)),
    },
  };
}

/** Puts a counting client in front of the engine's; answers the record it fills. */
export function countCalls(engine: Engine): UpstreamCall[] {
  const counting = countingClient(engine.client, engine.now);
  engine.client = counting.client;
  return counting.calls;
}

/**
 * Empties the engine's tables. The dispatcher and the poller work on every row of the database (one API key
 * per Darkroom), so tests of a file that use different accounts start each from a clean slate.
 */
export async function clearEngineTables(): Promise<void> {
  const { db } = database();
  for (const table of ["task_results", "tasks", "submissions", "batches", "rate_requests", "rate_pauses"] as const)
    await db.deleteFrom(table).execute();
  // The engine's holds (a refused key, a run of 429s) belong to the account of the test that made them.
  await db.deleteFrom("instance").where("key", "in", ["queue_auth_hold", "queue_paused"]).execute();
  await db.deleteFrom("instance").where("key", "like", "rate_429_streak:%").execute();
}
