// A Darkroom server that dies during a batch, for lib/batches/crash.test.ts. Run as
//   node --conditions=react-server --import tsx bench/batch-crash-child.ts <mode> <batch id> <rows> [<emulator url> <api key>]
// with DATABASE_URL and DATA_DIR naming the test's database. Modes:
//   start-inside:<point>  starts the batch (lib/testing/batch-start.ts, as POST /api/batches does) and stops inside
//                         the start's transaction at <point>: "rows" (its batch row and the first 500 of its rows
//                         written), "all" (every row written, the commit not yet made). It prints "inside <point>
//                         <rows written>" and waits there, holding the transaction open, for the parent's SIGKILL.
//   start-then-die        starts it, prints "started", and SIGKILLs itself: the start's transaction committed.
//   run                   runs the engine's ticks (lib/tasks/engine/loop.ts tickOnce, real clock, its own owner)
//                         over what is stored, printing "request <key>" as each creation leaves and "created <key>
//                         <status>" as its answer arrives, until the parent kills it (the emulator holding a creation).
import "server-only";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { InsertQueryNode, type KyselyPlugin, type QueryId, type ValuesNode } from "kysely";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { localStore } from "@/lib/media/store/local";
import { createUpstreamClient } from "@/lib/upstream/client";
import type { Engine } from "@/lib/tasks/engine/context";
import { tickOnce } from "@/lib/tasks/engine/loop";
import { keyIdOf } from "@/lib/tasks/engine/rate-budget";
import { startCsvBatch } from "@/lib/testing/batch-start";

const POINTS = ["rows", "all"] as const;
type Point = (typeof POINTS)[number];

const [mode, batchId, rowsArg, baseUrl, apiKey] = process.argv.slice(2);
const rows = Number(rowsArg);
const point = mode?.startsWith("start-inside:") ? (mode.slice("start-inside:".length) as Point) : undefined;
const valid =
  batchId &&
  Number.isInteger(rows) &&
  rows > 0 &&
  ((point && POINTS.includes(point)) || mode === "start-then-die" || (mode === "run" && baseUrl && apiKey));
if (!valid) {
  console.error("usage: batch-crash-child.ts <start-inside:rows|all|start-then-die|run> <batch id> <rows> [<emulator url> <api key>]");
  process.exit(2);
}

const say = (line: string) => process.stdout.write(`${line}\n`); // a pipe: written synchronously on Linux

/**
 * Watches the start's inserts (Kysely hands every statement's result to its plugins, inside the transaction) and,
 * at `stop`, says so and never returns: the transaction stays open, its writes uncommitted, until the process dies.
 */
function stopInside(stop: Point): KyselyPlugin {
  const inserts = new Map<QueryId, { table: string; rows: number }>();
  let written = 0;
  return {
    transformQuery({ node, queryId }) {
      if (InsertQueryNode.is(node) && node.into) {
        const values = node.values as ValuesNode | undefined;
        inserts.set(queryId, { table: node.into.table.identifier.name, rows: values?.values.length ?? 0 });
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      const insert = inserts.get(queryId);
      inserts.delete(queryId);
      if (insert?.table === "submissions") written += insert.rows;
      const reached = insert?.table === "submissions" && (stop === "rows" || written === rows);
      if (!reached) return result;
      say(`inside ${stop} ${written}`);
      return new Promise<never>(() => {});
    },
  };
}

if (point) {
  const connection = database();
  connection.db = connection.db.withPlugin(stopInside(point));
  await startCsvBatch({ batchId, rows });
  // Only reached when the stop point was never met.
  say("started (not stopped inside)");
  process.exit(3);
} else if (mode === "start-then-die") {
  const { repeated } = await startCsvBatch({ batchId, rows });
  say(`started ${repeated ? "again" : "new"}`);
  process.kill(process.pid, "SIGKILL");
} else {
  const upstream = createUpstreamClient({ baseUrl: baseUrl!, apiKey: apiKey!, timeoutMs: 30_000 });
  const engine: Engine = {
    connection: database(),
    client: {
      ...upstream,
      async createImage(body, idempotencyKey) {
        say(`request ${idempotencyKey ?? ""}`);
        const outcome = await upstream.createImage(body, idempotencyKey);
        say(`created ${idempotencyKey ?? ""} ${outcome.status ?? "none"}`);
        return outcome;
      },
    },
    upstreamBaseUrl: baseUrl!,
    keyId: keyIdOf(apiKey!),
    media: localStore(path.join(env.DATA_DIR, "batch-crash-child-media")),
    plan: "free",
    now: () => new Date(),
    owner: `batch-crash-child-${randomUUID()}`,
    publish: () => {},
  };
  say("running");
  // The engine's loop (lib/tasks/engine/loop.ts), ticking until the parent kills this process.
  for (;;) {
    await tickOnce(engine);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
