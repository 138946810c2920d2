// A Darkroom server that dies at a chosen moment, for lib/tasks/engine/crash.test.ts. Run as
//   node --conditions=react-server --import tsx bench/crash-child.ts <emulator url> <api key> <mode> <submission id>
// with DATABASE_URL and DATA_DIR naming the test's database. It builds the engine the way lib/tasks/engine/loop.ts
// does (real clock, its own owner), and:
//   store-then-die  stores a gamma submission, prints "stored", then SIGKILLs itself before any dispatch;
//   die-in-flight   stores it, prints "sending", dispatches; prints "request" as the creation leaves, and waits
//                   for the parent to SIGKILL it while the emulator holds the request (a delay fault).
import "server-only";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { localStore } from "@/lib/media/store/local";
import { createUpstreamClient } from "@/lib/upstream/client";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import type { Engine } from "@/lib/tasks/engine/context";
import { keyIdOf } from "@/lib/tasks/engine/rate-budget";
import { submit } from "@/lib/tasks/submit";

const CRASH_MODES = ["store-then-die", "die-in-flight"] as const;
type CrashMode = (typeof CRASH_MODES)[number];
const CRASH_REQUEST = { model: "gamma-5-pro", prompt: "a lighthouse in a storm, crash test" } as const;
const CRASH_USER = "user_crash";

const [baseUrl, apiKey, mode, submissionId] = process.argv.slice(2);
if (!baseUrl || !apiKey || !submissionId || !CRASH_MODES.includes(mode as CrashMode)) {
  console.error("usage: crash-child.ts <emulator url> <api key> <store-then-die|die-in-flight> <submission id>");
  process.exit(2);
}

const say = (line: string) => process.stdout.write(`${line}\n`); // a pipe: written synchronously on Linux

const upstream = createUpstreamClient({ baseUrl, apiKey, timeoutMs: 30_000 });
const engine: Engine = {
  connection: database(),
  client: {
    ...upstream,
    createImage(body, idempotencyKey) {
      say(`request ${idempotencyKey ?? ""}`);
      return upstream.createImage(body, idempotencyKey);
    },
  },
  upstreamBaseUrl: baseUrl,
  keyId: keyIdOf(apiKey),
  media: localStore(path.join(env.DATA_DIR, "crash-child-media")),
  plan: "free",
  now: () => new Date(),
  owner: `crash-child-${randomUUID()}`,
  publish: () => {},
};

await submit({
  connection: engine.connection,
  submission: {
    id: submissionId,
    userId: CRASH_USER,
    model: CRASH_REQUEST.model,
    kind: "image",
    endpoint: "images",
    request: { ...CRASH_REQUEST },
  },
});

if (mode === "store-then-die") {
  say("stored");
  process.kill(process.pid, "SIGKILL");
} else {
  say("sending");
  const sent = await dispatchOnce(engine);
  // Only reached when the parent failed to kill us in time.
  say(`sent ${sent}`);
  process.exit(3);
}
