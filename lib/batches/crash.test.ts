// A batch's server killed with SIGKILL (issue 48: "kill -9 during the start and during the run: every row is sent
// once and charged once"), in the crash tests' pattern (lib/tasks/engine/crash.test.ts): the server that dies is a
// real process (bench/batch-crash-child.ts) on the same database and emulator account; the restarted server is this
// process, which resends the start and runs a fresh engine.
//
// - The start: the child stops inside the start's one transaction (a Kysely plugin in the child holds it open after
//   a chosen insert, so the moment is exact however busy the machine) and is killed there: nothing of the batch is
//   stored; after the commit: all of it. The resend stores the whole batch once, each row with its own key.
// - The run: the child's engine is killed with a creation held by the emulator after the upstream charged it; a
//   fresh engine sends every row exactly once (the held one again with its stored key: a replay) and each is
//   charged once, with no slot left held.
// - A pause racing the dispatcher: rows it listed as waiting are never claimed once paused.
import { randomUUID } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emulatorForFile, FAST_TIMINGS, sleep } from "@/emulator/testing";
import { database } from "@/lib/db";
import { batchCounts, getBatch } from "@/lib/db/batches";
import { countLive } from "@/lib/db/tasks";
import { derivedSubmissionId } from "@/lib/tasks/derived-id";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { migrated } from "@/lib/testing/app";
import { CRASH_BATCH_USER, startCsvBatch } from "@/lib/testing/batch-start";
import { children, spawnChild, type Child } from "@/lib/testing/child-process";
import { clearEngineTables, testEngine, type TestEngine } from "@/lib/testing/engine";
import type { UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import { changeBatchState } from "./control";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const CHILD = "bench/batch-crash-child.ts";
const CREDITS = 100_000;
const GAMMA_COST = 44;
/** Four of lib/db/submissions.ts's 500-row inserts: a start that stops after the first has stored part of its rows. */
const START_ROWS = 2_000;
/** The run's batch: more than the account's five image slots, so the restarted engine waits for slots to free. */
const RUN_ROWS = 12;
/** dispatch.ts's SEND_LEASE_MS (30 s, renewed only while its sender lives), and a little more. */
const PAST_SEND_LEASE_SECONDS = 35;
/** How long the emulator holds the creation the child is killed during (from when it arrives there). */
const HOLD_MS = 3_000;

const db = () => database().db;

const batchRows = (batchId: string) =>
  db().selectFrom("submissions").selectAll().where("batch_id", "=", batchId).orderBy("batch_line").execute();

/** The batch's rows as a resend must find them: every line once, with its derived id, its key and its own Idempotency-Key. */
async function expectWholeBatch(batchId: string, rows: number) {
  expect(await getBatch(db(), { id: batchId })).toMatchObject({ id: batchId, rows, state: "running", user_id: CRASH_BATCH_USER.id });
  const stored = await batchRows(batchId);
  expect(stored).toHaveLength(rows);
  const lines = Array.from({ length: rows }, (_, i) => i + 2);
  expect(stored.map((s) => s.batch_line)).toEqual(lines);
  expect(stored.map((s) => s.batch_key)).toEqual(lines.map((line) => `S-${line - 1}`));
  expect(stored.map((s) => s.id)).toEqual(lines.map((line) => derivedSubmissionId(`batch:${batchId}:${line}`)));
  expect(new Set(stored.map((s) => s.idempotency_key)).size).toBe(rows);
  expect(stored.every((s) => s.state === "queued" && s.attempts === 0 && s.task_id === null)).toBe(true);
  // Nothing but the batch's rows: no stray submission from the killed start.
  const all = await db()
    .selectFrom("submissions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  expect(Number(all.count)).toBe(rows);
  return stored;
}

async function expectNothingStored(batchId: string) {
  expect(await getBatch(db(), { id: batchId })).toBeUndefined();
  const all = await db()
    .selectFrom("submissions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  expect(Number(all.count)).toBe(0);
}

async function expectKilled(child: Child) {
  const ended = await child.exited;
  expect(ended.signal, ended.stderr).toBe("SIGKILL");
  return ended;
}

/** Waits for `check`; the time limit is a hang detector, generous for a busy machine. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const give = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > give) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** What this process's engine sends: each creation's Idempotency-Key and the upstream's answer; `before` runs first. */
function recordCreations(t: TestEngine, before?: () => Promise<void>) {
  const sent: { key: string | undefined; outcome: UpstreamOutcome<Task> }[] = [];
  const client = t.engine.client;
  t.engine.client = {
    ...client,
    async createImage(body, key) {
      await before?.();
      const outcome = await client.createImage(body, key);
      sent.push({ key, outcome });
      return outcome;
    },
  };
  return sent;
}

/** Dispatches and polls, moving both clocks, until every row of the batch has its task succeeded and archived. */
async function finish(t: TestEngine, batchId: string, rows: number) {
  const done = async () => (await batchCounts(db(), { ids: [batchId] })).get(batchId)!.succeeded === rows && (await archived(batchId));
  for (let round = 0; !(await done()); round++) {
    if (round === 40)
      throw new Error(`the batch did not finish: ${JSON.stringify((await batchCounts(db(), { ids: [batchId] })).get(batchId))}`);
    await dispatchOnce(t.engine);
    await t.advance(5);
    await pollOnce(t.engine);
  }
}

async function archived(batchId: string) {
  const tasks = await db()
    .selectFrom("tasks")
    .innerJoin("submissions", "submissions.task_id", "tasks.id")
    .select("tasks.archive_state")
    .where("submissions.batch_id", "=", batchId)
    .execute();
  return tasks.every((task) => task.archive_state === "done");
}

/** Every row has exactly one task, each charged once: the account paid what the tasks say, one task's price a row. */
async function expectEachRowChargedOnce(apiKey: string, batchId: string, rows: number) {
  const stored = await batchRows(batchId);
  expect(stored.map((s) => s.state)).toEqual(Array(rows).fill("accepted"));
  const tasks = await db().selectFrom("tasks").selectAll().execute();
  expect(tasks).toHaveLength(rows);
  for (const s of stored) expect(tasks.filter((task) => task.submission_id === s.id).map((task) => task.id)).toEqual([s.task_id]);
  const charged = tasks.reduce((sum, task) => sum + Number(task.credits_reserved ?? 0) - Number(task.credits_refunded ?? 0), 0);
  expect(charged).toBe(rows * GAMMA_COST);
  expect(CREDITS - (await emulator().credits(apiKey))).toBe(charged);
  // No slot held: no task live, no row being sent.
  expect(await countLive(db(), { kind: "image" })).toBe(0);
  expect(tasks.every((task) => task.status === "succeeded")).toBe(true);
}

beforeAll(migrated);
// The dispatcher sends every waiting row of the database: each test starts from empty tables, on its own account.
beforeEach(clearEngineTables);
afterEach(async () => {
  for (const child of children) child.kill("SIGKILL");
  await emulator().control("DELETE", "/faults");
});

describe("a batch's server killed with SIGKILL", () => {
  // Stopped with its batch row and the first 500 of its rows written, and with every row written but not committed.
  it.each([
    ["rows", 500],
    ["all", START_ROWS],
  ] as const)(
    "killed inside the start's transaction (stopped at %s, %i rows written): nothing is stored; the resend stores every row once",
    async (point, written) => {
      const batchId = randomUUID();
      const child = spawnChild(CHILD, [`start-inside:${point}`, batchId, String(START_ROWS)]);
      expect(await child.line("inside")).toBe(`inside ${point} ${written}`);
      child.process.kill("SIGKILL");
      await expectKilled(child);
      await expectNothingStored(batchId);

      // The resend (the page sends the same batch id and file again): the whole batch, once.
      const resent = await startCsvBatch({ batchId, rows: START_ROWS });
      expect(resent).toMatchObject({ repeated: false, batch: { id: batchId, rows: START_ROWS } });
      const stored = await expectWholeBatch(batchId, START_ROWS);
      // And again: answered, nothing stored twice, the same keys.
      expect(await startCsvBatch({ batchId, rows: START_ROWS })).toMatchObject({ repeated: true, batch: { id: batchId } });
      expect((await expectWholeBatch(batchId, START_ROWS)).map((s) => s.idempotency_key)).toEqual(stored.map((s) => s.idempotency_key));
    },
  );

  it("killed just after the start's commit: all of it is stored, and the resend answers it without storing a row twice", async () => {
    const batchId = randomUUID();
    const child = spawnChild(CHILD, ["start-then-die", batchId, String(START_ROWS)]);
    expect(await child.line("started")).toBe("started new");
    await expectKilled(child);
    const stored = await expectWholeBatch(batchId, START_ROWS);
    expect(await startCsvBatch({ batchId, rows: START_ROWS })).toMatchObject({ repeated: true, batch: { id: batchId, rows: START_ROWS } });
    expect((await expectWholeBatch(batchId, START_ROWS)).map((s) => s.idempotency_key)).toEqual(stored.map((s) => s.idempotency_key));
  });

  // The whole of "kill -9 during the start and during the run": the start dies inside its transaction and is resent,
  // then the engine running the batch dies with a creation the upstream accepted and charged but whose answer it never
  // read (frozen with SIGSTOP until the emulator charged it, then killed). The restarted engine sends the other rows
  // once each and the held one again with its stored key, which the upstream answers as a replay: one task a row.
  it("killed during the start and again during the run: every row is sent once and charged once", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const batchId = randomUUID();

    // The emulator will answer the batch's first two creations and hold the third. The server that runs the batch
    // starts now, beside the one that starts it (each takes seconds to load): it has nothing to send until the
    // batch is stored.
    await emu.faults([
      { method: "POST", path: "/v1/images", kind: "delay", delayMs: 0, times: 2 },
      { method: "POST", path: "/v1/images", kind: "delay", delayMs: HOLD_MS },
    ]);
    const running = spawnChild(CHILD, ["run", batchId, String(RUN_ROWS), emu.url, apiKey]);
    const starting = spawnChild(CHILD, ["start-inside:all", batchId, String(RUN_ROWS)]);
    expect(await starting.line("inside")).toBe(`inside all ${RUN_ROWS}`);
    starting.process.kill("SIGKILL");
    await expectKilled(starting);
    await expectNothingStored(batchId);
    expect((await startCsvBatch({ batchId, rows: RUN_ROWS })).repeated).toBe(false);
    const stored = await expectWholeBatch(batchId, RUN_ROWS);
    const keys = stored.map((s) => s.idempotency_key);

    await until("the emulator to hold the third creation", async () => (await emu.faultsLeft()) === 0);
    running.process.kill("SIGSTOP");
    await until("the emulator to charge the held creation", async () => (await emu.credits(apiKey)) === CREDITS - 3 * GAMMA_COST);
    running.process.kill("SIGKILL");
    const ended = await expectKilled(running);
    const requested = ended.stdout.split("\n").filter((line) => line.startsWith("request "));
    expect(requested).toEqual(keys.slice(0, 3).map((key) => `request ${key}`));
    const heldKey = keys[2]!;
    expect(ended.stdout).not.toContain(`created ${heldKey}`);
    // Two rows accepted, the third being sent (its answer lost), the rest waiting.
    expect((await batchRows(batchId)).map((s) => s.state)).toEqual([
      "accepted",
      "accepted",
      "sending",
      ...Array(RUN_ROWS - 3).fill("queued"),
    ]);

    // The restarted server: the held row waits out its dead sender's lease while the others go out within the
    // account's five slots; then it goes again with its key.
    const t = await testEngine(emu, apiKey);
    const sent = recordCreations(t);
    expect(await dispatchOnce(t.engine)).toBe(2);
    expect(sent.map((s) => s.key)).toEqual(keys.slice(3, 5));
    await t.advance(PAST_SEND_LEASE_SECONDS);
    await finish(t, batchId, RUN_ROWS);

    // Every row's key went up once, but the held one's twice: the dead server's request and its replay.
    const times = new Map<string, number>();
    for (const key of [...requested.map((line) => line.slice("request ".length)), ...sent.map((s) => s.key!)])
      times.set(key, (times.get(key) ?? 0) + 1);
    expect([...times.keys()].sort()).toEqual([...keys].sort());
    expect(keys.filter((key) => times.get(key) !== 1)).toEqual([heldKey]);
    expect(times.get(heldKey)).toBe(2);
    const resend = sent.find((s) => s.key === heldKey)!;
    expect(resend.outcome).toMatchObject({ ok: true, status: 200, replayed: true });
    expect(sent.filter((s) => s.key !== heldKey).map((s) => s.outcome)).toEqual(
      Array(RUN_ROWS - 3).fill(expect.objectContaining({ ok: true, status: 202, replayed: false })),
    );
    await expectEachRowChargedOnce(apiKey, batchId, RUN_ROWS);
    // Nothing more to send.
    await t.advance(PAST_SEND_LEASE_SECONDS);
    expect(await dispatchOnce(t.engine)).toBe(0);
    expect(CREDITS - (await emu.credits(apiKey))).toBe(RUN_ROWS * GAMMA_COST);
  });
});

describe("a pause racing the dispatcher", () => {
  // The dispatcher lists the waiting rows once per tick, then claims them one by one: a pause landing while the
  // first listed row is being sent leaves that row to go on (it was claimed) and keeps every other listed row unsent.
  it("keeps the rows it had listed unsent when the pause lands between the listing and their claims", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const batchId = randomUUID();
    await startCsvBatch({ batchId, rows: 4 });
    const t = await testEngine(emu, apiKey);
    let paused = false;
    const sent = recordCreations(t, async () => {
      if (paused) return;
      paused = true;
      await changeBatchState(CRASH_BATCH_USER, batchId, "pause");
    });
    expect(await dispatchOnce(t.engine)).toBe(1);
    const rows = await batchRows(batchId);
    expect(sent.map((s) => s.key)).toEqual([rows[0]!.idempotency_key]);
    expect(rows.map((s) => [s.state, s.attempts, s.lease_version])).toEqual([
      ["accepted", 0, 1],
      ["paused", 0, 0],
      ["paused", 0, 0],
      ["paused", 0, 0],
    ]);
    await t.advance(PAST_SEND_LEASE_SECONDS);
    expect(await dispatchOnce(t.engine)).toBe(0);

    await changeBatchState(CRASH_BATCH_USER, batchId, "resume");
    await finish(t, batchId, 4);
    expect(sent.map((s) => s.key)).toEqual(rows.map((s) => s.idempotency_key));
    await expectEachRowChargedOnce(apiKey, batchId, 4);
  });

  // On Postgres a pause from another connection can also land inside the claim's own transaction, after it read the
  // row as waiting and before its compare-and-set: the claim's update, not the read, must decide. (On SQLite the claim
  // holds the database's write lock from its first statement, so no pause can land there.)
  it("does not claim a row paused between the claim's read and its compare-and-set (Postgres)", async () => {
    if (database().dialect !== "postgres") return;
    const emu = emulator();
    const { apiKey } = await emu.account();
    const batchId = randomUUID();
    await startCsvBatch({ batchId, rows: 3 });
    const [first] = await batchRows(batchId);
    const t = await testEngine(emu, apiKey);
    let paused = 0;
    // The claim reads its row by id inside its transaction (dispatch.ts claimWithinLimit): the pause commits, on
    // another of the pool's connections, between that read and the claim's update.
    const pauseAfterClaimRead: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        const rows = result.rows as { id?: unknown; state?: unknown }[];
        if (paused === 0 && rows.length === 1 && rows[0]!.id === first!.id && rows[0]!.state === "queued") {
          paused += 1;
          await changeBatchState(CRASH_BATCH_USER, batchId, "pause");
        }
        return result;
      },
    };
    t.engine.connection = { ...t.engine.connection, db: t.engine.connection.db.withPlugin(pauseAfterClaimRead) };
    const sent = recordCreations(t);
    expect(await dispatchOnce(t.engine)).toBe(0);
    expect(paused).toBe(1);
    expect(sent).toEqual([]);
    expect((await batchRows(batchId)).map((s) => [s.state, s.attempts, s.lease_version])).toEqual(Array(3).fill(["paused", 0, 0]));
    expect(await emu.credits(apiKey)).toBe(CREDITS);
  });
});
