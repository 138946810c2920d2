// One run of several Darkroom instances: Postgres, s3rver, the emulator behind a recording proxy, instances
// of the given roles (one build), creations through the instances that serve the API, optionally one engine
// instance killed with SIGKILL mid-run. Answers the figures; the callers decide what must hold.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { connect } from "@/lib/db/connect";
import { startEmulator } from "@/emulator/server";
import { startS3rver } from "@/lib/testing/s3rver";
import { startInstance, type Instance, type Role } from "./cluster";
import { count429, creationsByKey, duplicatePolls, firstTouchAfter, peakPerMinute } from "./figures";
import { eventDelays, notifyListener, sampleLive, sseClient } from "./observers";
import { startRecordingProxy } from "./recording-proxy";

export interface ScenarioOptions {
  label: string;
  roles: Role[];
  /** Submissions to make (4 in 5 images, 1 in 5 videos), spread over the instances that serve the API. */
  creations: number;
  /** Of these, how many are sent twice at once (to two instances) with the same submission id. */
  doubleSubmits?: number;
  /** Kills an engine instance with SIGKILL once this share of the submissions have become tasks. */
  killAt?: number;
  /** After the kill, start a fresh instance of the killed one's role (what an orchestrator does). */
  replaceKilled?: boolean;
  serverUrl: string;
  ports: { instances: number[]; emulator: number };
  timeoutMs?: number;
}

export interface ScenarioResult {
  label: string;
  submissions: number;
  tasks: number;
  lost: number;
  notDone: number;
  upstreamTasks: number;
  submissionsNotExactlyOne: string[];
  creditsSpent: number;
  creditsRecorded: number;
  peakLive: { image: number; video: number };
  duplicatePolls: number;
  status429: number;
  peakRequestsPerMinute: number;
  /** Publication on one instance → SSE event on the watched instance, ms. */
  eventDelaysMs: number[];
  /** Tasks whose terminal event reached the watched instance's SSE client / all tasks. */
  sseTerminal: number;
  killed?: { instance: string; heldTasks: number; heldSubmissions: number; failoverSeconds: number[] };
  /** Results fetched from an instance that did not answer 200 with the archived bytes. */
  mediaFailures: string[];
  /** A share link made on one instance and revoked there, opened on another (see shareAcrossInstances). */
  shareFailures: string[];
  durationSeconds: number;
  instances: Instance[];
  cookie: string;
  stop(): Promise<void>;
}

const START_CREDITS = 1_000_000;
const AUTH_SECRET = randomBytes(32).toString("base64");
const servesApi = (role: Role) => role !== "worker";
const runsEngine = (role: Role) => role !== "web";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function requestFor(i: number): Record<string, unknown> {
  return i % 5 === 4
    ? { model: "epsilon-v6", mode: "text-to-video", prompt: `scale video ${i}: a quiet harbour`, quality: "360p", duration: 1 }
    : { model: "gamma-5-pro", prompt: `scale image ${i}: a quiet harbour at dawn` };
}

/**
 * POSTs one submission, sending it again (same id: Darkroom keeps it once) when the connection fails before an
 * answer, as a client should; CI once saw a reset on a busy machine. Exactly-once is checked upstream after.
 */
/**
 * A share link made on the first instance opens on the second; revoked on the first, the second refuses it at
 * once (each open reads the link from the database: no instance keeps it).
 */
async function shareAcrossInstances(servers: Instance[], taskId: string | undefined, cookie: string): Promise<string[]> {
  const [maker, other] = servers;
  if (!maker || !other || !taskId) return ["no two instances and an archived task to share"];
  const headers = { "content-type": "application/json", cookie, origin: maker.url };
  const made = await fetch(`${maker.url}/api/share-links`, { method: "POST", headers, body: JSON.stringify({ taskIds: [taskId] }) });
  if (made.status !== 201) return [`share link creation on ${maker.name}: ${made.status}`];
  const { url, link } = (await made.json()) as { url: string; link: { id: string } };
  const path = new URL(url).pathname;
  const open = async () => (await fetch(`${other.url}${path}`)).status;
  const failures: string[] = [];
  const before = await open();
  if (before !== 200) failures.push(`share link opened on ${other.name} before revocation: ${before}`);
  const revoked = await fetch(`${maker.url}/api/share-links/${link.id}`, { method: "DELETE", headers });
  if (!revoked.ok) failures.push(`share link revocation on ${maker.name}: ${revoked.status}`);
  const after = await open();
  if (after !== 404) failures.push(`share link opened on ${other.name} right after its revocation on ${maker.name}: ${after}`);
  return failures;
}

async function submit(url: string, cookie: string, body: string): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(`${url}/api/generations`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: url },
        body,
      });
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const started = Date.now();
  const name = `darkroom_scale_${randomBytes(5).toString("hex")}`;
  await admin(options.serverUrl, `create database ${name}`);
  const dbUrl = new URL(options.serverUrl);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();

  const emulator = await startEmulator({
    port: options.ports.emulator,
    host: "127.0.0.1",
    timings: { imageSeconds: 2, videoSeconds: 3, refundSeconds: 2 },
    // Flat cards: the emulator's drawing is not what this run measures, and it shares the machine with the instances.
    render: "quick",
  });
  const proxy = await startRecordingProxy(emulator.url);
  const s3 = await startS3rver({ bucket: `scale-${randomBytes(4).toString("hex")}` });
  const apiKey = `sk-scale-${randomBytes(6).toString("hex")}`;
  await fetch(`${emulator.url}/__emulator/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey, credits: START_CREDITS, plan: "free" }),
  });

  const env = {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    GENERATION_API_BASE_URL: proxy.url,
    GENERATION_API_KEY: apiKey,
    LOG_LEVEL: "warn",
  };
  const instances: Instance[] = [];
  // One after the other for the first (it migrates), then the rest at once.
  const [firstRole, ...otherRoles] = options.roles;
  instances.push(await startInstance({ name: `${options.label}-0`, role: firstRole!, port: options.ports.instances[0]!, env }));
  instances.push(
    ...(await Promise.all(
      otherRoles.map((role, i) => startInstance({ name: `${options.label}-${i + 1}`, role, port: options.ports.instances[i + 1]!, env })),
    )),
  );
  const stopServers = async (signal: NodeJS.Signals) => {
    await Promise.all(instances.map((instance) => instance.kill(signal)));
    await proxy.close();
    await emulator.close();
    await s3.close();
  };
  // Whatever fails from here on, the instances and servers it started are stopped, not left holding ports.
  try {
    const connection = connect(databaseUrl);
    const db = connection.db;
    const listener = await notifyListener(databaseUrl);
    const live = sampleLive(db);

    const apiInstances = instances.filter((instance) => servesApi(instance.role));
    const watched = apiInstances[0]!;
    const setup = await fetch(`${watched.url}/api/setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: watched.url },
      body: JSON.stringify({ name: "Scale Admin", email: "scale@example.com", password: "scale-password-1" }),
    });
    if (setup.status !== 201) throw new Error(`setup answered ${setup.status}: ${await setup.text()}`);
    const cookie = setup.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const sse = sseClient(watched.url, cookie);
    await sleep(500);

    // Creations: round robin over the API instances; some submitted twice at once to two of them.
    const doubles = options.doubleSubmits ?? 0;
    const submitted: string[] = [];
    for (let i = 0; i < options.creations; i += 1) {
      const submissionId = randomUUID();
      const body = JSON.stringify({ submissionId, request: requestFor(i) });
      const targets = i < doubles ? apiInstances.slice(0, 2) : [apiInstances[i % apiInstances.length]!];
      const answers = await Promise.all(targets.map((target) => submit(target.url, cookie, body)));
      for (const answer of answers)
        if (answer.status !== 202 && answer.status !== 200)
          throw new Error(`POST /api/generations answered ${answer.status}: ${await answer.text()}`);
      submitted.push(submissionId);
    }

    // The kill: answers to the upstream are held for a few seconds so that every engine is caught holding
    // leases, then one engine instance is killed with SIGKILL; what it held must move on within 60 s.
    let killed: ScenarioResult["killed"];
    let killedAt = 0;
    let held: { tasks: { id: string }[]; submissions: { id: string; idempotency_key: string }[] } = { tasks: [], submissions: [] };
    if (options.killAt !== undefined) {
      const victim = [...instances].reverse().find((instance) => runsEngine(instance.role) && instance !== watched)!;
      const want = Math.ceil(options.creations * options.killAt);
      while ((await db.selectFrom("tasks").select("id").execute()).length < want) await sleep(250);
      proxy.holdAnswers("/v1/", 6_000);
      await sleep(5_000);
      held = {
        tasks: await db.selectFrom("tasks").select("id").where("lease_owner", "like", `${victim.ownerPrefix}%`).execute(),
        submissions: await db
          .selectFrom("submissions")
          .select(["id", "idempotency_key"])
          .where("state", "=", "sending")
          .where("lease_owner", "like", `${victim.ownerPrefix}%`)
          .execute(),
      };
      killedAt = Date.now();
      await victim.kill("SIGKILL");
      killed = { instance: victim.name, heldTasks: held.tasks.length, heldSubmissions: held.submissions.length, failoverSeconds: [] };
      if (options.replaceKilled) {
        const index = instances.indexOf(victim);
        const port = options.ports.instances[options.roles.length]!;
        instances[index] = await startInstance({ name: `${victim.name}-replacement`, role: victim.role, port, env });
      }
    }

    // Until every submission is an archived task (or the time runs out).
    const give = Date.now() + (options.timeoutMs ?? 6 * 60_000);
    for (;;) {
      const tasks = await db.selectFrom("tasks").select(["status", "archive_state"]).execute();
      const open = await db.selectFrom("submissions").select("id").where("state", "in", ["queued", "sending"]).execute();
      if (open.length === 0 && tasks.length >= submitted.length && tasks.every((t) => t.archive_state === "done" || t.status === "failed"))
        break;
      if (Date.now() > give) break;
      await sleep(500);
    }
    await sleep(1_500); // the last events reach the SSE client
    live.stop();

    const submissions = await db.selectFrom("submissions").selectAll().execute();
    const tasks = await db.selectFrom("tasks").selectAll().execute();
    const byKey = creationsByKey(proxy.log);
    const notExactlyOne = submissions
      .filter((s) => {
        const row = byKey.get(s.idempotency_key);
        return !row || row.created !== 1 || row.taskIds.size !== 1 || s.task_id !== [...row.taskIds][0];
      })
      .map((s) => s.id);
    const account = (await (await fetch(`${emulator.url}/__emulator/accounts/${apiKey}`)).json()) as { credits: number };

    if (killed) {
      for (const task of held.tasks) {
        const at = firstTouchAfter(proxy.log, killedAt, { taskId: task.id });
        killed.failoverSeconds.push(at === undefined ? Number.POSITIVE_INFINITY : (at - killedAt) / 1000);
      }
      for (const submission of held.submissions) {
        const at = firstTouchAfter(proxy.log, killedAt, { key: submission.idempotency_key });
        killed.failoverSeconds.push(at === undefined ? Number.POSITIVE_INFINITY : (at - killedAt) / 1000);
      }
    }

    // Every archived result from every instance that serves the API.
    const mediaFailures: string[] = [];
    const servers = instances.filter(
      (instance) => servesApi(instance.role) && instance.child.exitCode === null && !instance.child.signalCode,
    );
    for (const task of tasks.filter((t) => t.archive_state === "done")) {
      let first: string | undefined;
      for (const server of servers) {
        const response = await fetch(`${server.url}/api/media/${task.id}/0`, { headers: { cookie } });
        const digest = createHash("sha256")
          .update(Buffer.from(await response.arrayBuffer()))
          .digest("hex");
        first ??= digest;
        if (response.status !== 200 || digest !== first) mediaFailures.push(`${task.id} from ${server.name}: ${response.status}`);
      }
    }

    const shareFailures = await shareAcrossInstances(servers, tasks.find((t) => t.archive_state === "done")?.id, cookie);

    const terminal = new Set(sse.heard.filter((h) => h.type === "task" && h.archive === "done").map((h) => h.id));
    sse.close();
    const result: ScenarioResult = {
      label: options.label,
      submissions: submissions.length,
      tasks: tasks.length,
      lost: tasks.filter((t) => Number(t.lost) === 1).length + submissions.filter((s) => s.state !== "accepted").length,
      notDone: tasks.filter((t) => t.archive_state !== "done").length,
      upstreamTasks: [...byKey.values()].reduce((sum, row) => sum + row.created, 0),
      submissionsNotExactlyOne: notExactlyOne,
      creditsSpent: START_CREDITS - account.credits,
      creditsRecorded: tasks.reduce((sum, t) => sum + Number(t.credits_used ?? t.credits_reserved ?? 0), 0),
      peakLive: live.peaks,
      duplicatePolls: duplicatePolls(proxy.log).length,
      status429: count429(proxy.log),
      peakRequestsPerMinute: peakPerMinute(proxy.log),
      eventDelaysMs: eventDelays(listener.notified, sse.heard),
      sseTerminal: terminal.size,
      killed,
      mediaFailures,
      shareFailures,
      durationSeconds: (Date.now() - started) / 1000,
      instances,
      cookie,
      async stop() {
        await listener.close();
        await connection.db.destroy();
        await stopServers("SIGTERM");
        await admin(options.serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
    return result;
  } catch (error) {
    await stopServers("SIGKILL");
    throw error;
  }
}
