// The policy matrix (issue 44): principals × actions × moments. Each row changes a principal's rights between the
// door (the request that was accepted) and the moment the right takes effect (the dispatcher sending, an input
// being resolved), and checks that the rule is asked again there. Findings 1, 2 and 5 of the third audit are rows
// here; share links (finding 3) are rows of app/api/share-access.test.ts, hosts (finding 4) of
// app/api/dns-rebinding.test.ts and lib/launcher/front-hosts.test.ts. Scripts reach the gateway over HTTP
// (lib/testing/gateway-conformance.ts serves its routes). Every row asserts the engine's invariants: the upstream
// charged exactly what Darkroom recorded, and no submission is lost.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/generations/route";
import { PATCH as memberRoute } from "@/app/api/members/[id]/route";
import { GET as queueRoute } from "@/app/api/queue/route";
import { DELETE as revokeRoute } from "@/app/api/settings/access-tokens/[id]/route";
import { POST as createTokenRoute } from "@/app/api/settings/access-tokens/route";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { getSubmission, type Submission } from "@/lib/db/submissions";
import { getTaskRow, insertTask } from "@/lib/db/tasks";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { setHidden } from "@/lib/tasks/hiding";
import { addSignedIn, call, seedTeam, type Signed, type Team } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";
import { serveGateway } from "@/lib/testing/gateway-conformance";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;
let serial = 0;
const db = () => database().db;

let gateway: Awaited<ReturnType<typeof serveGateway>>;

beforeAll(async () => {
  team = await seedTeam();
  gateway = await serveGateway();
});
afterAll(() => gateway.close());

const newMember = () =>
  addSignedIn(team.admin.cookie, { role: "member", email: `m${(serial += 1)}-${randomUUID().slice(0, 6)}@example.com` });

async function newToken(who: Signed, body: Record<string, unknown> = {}) {
  const response = await call(createTokenRoute, "/api/settings/access-tokens", {
    method: "POST",
    cookie: who.cookie,
    body: { name: `script ${(serial += 1)}`, scope: "all", ...body },
  });
  expect(response.status).toBe(201);
  return { secret: response.json.token as string, id: response.json.tokenInfo.id as string };
}

/** A creation through the gateway, as a script sends it: over HTTP, with its token and a key of its own. */
async function viaToken(secret: string, body: unknown, kind: "images" | "videos" = "images") {
  const response = await fetch(`${gateway.origin}/v1/${kind}/generations`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", authorization: `Bearer ${secret}`, "idempotency-key": `key-${(serial += 1)}` },
  });
  return { status: response.status, json: await response.json() };
}
/** A creation through the dashboard, as the Generate form sends it. */
const viaDashboard = (who: Signed, request: Record<string, unknown>) =>
  call(generate, "/api/generations", { method: "POST", cookie: who.cookie, body: { submissionId: randomUUID(), request } });

/** The submission a creation stored: the gateway answers `task_<submission id>`, the dashboard the submissions. */
const submissionOf = async ({ json }: { json: { id?: string; submissions?: { id: string }[] } }): Promise<Submission> => {
  const id = json.id ? json.id.replace(/^task_/, "") : json.submissions![0]!.id;
  return (await getSubmission(db(), { id }))!;
};

/** Sends and polls until nothing of `ids` waits or is being sent (at most 30 rounds of the engine's clock). */
async function drain(t: Awaited<ReturnType<typeof testEngine>>, ids: string[]) {
  for (let round = 0; round < 30; round += 1) {
    await dispatchOnce(t.engine);
    const states = await Promise.all(ids.map(async (id) => (await getSubmission(db(), { id }))!.state));
    if (states.every((state) => state !== "queued" && state !== "sending")) return;
    await t.advance(5);
    await pollOnce(t.engine);
  }
  throw new Error("the queue did not drain");
}

/** Money and submissions: the upstream charged exactly what Darkroom recorded for these; none is lost. */
async function expectInvariants(emu: ReturnType<typeof emulator>, apiKey: string, start: number, ids: string[]) {
  const subs = await Promise.all(ids.map((id) => getSubmission(db(), { id })));
  expect(subs.every((s) => s !== undefined)).toBe(true);
  let recorded = 0;
  for (const s of subs) {
    if (s!.state !== "accepted") continue;
    const task = await getTaskRow(db(), { id: s!.task_id! });
    expect(task).toBeDefined();
    recorded += Number(task!.credits_reserved ?? 0) - Number(task!.credits_refunded ?? 0);
  }
  expect(start - (await emu.credits(apiKey))).toBe(recorded);
  return recorded;
}

/** An admin changes a member's rights, as Settings → Members does. */
async function changeMember(who: Signed, body: Record<string, unknown>) {
  const changed = await call(memberRoute, `/api/members/${who.member.id}`, {
    method: "PATCH",
    cookie: team.admin.cookie,
    params: { id: who.member.id },
    body,
  });
  expect(changed.status).toBe(200);
}

describe("sending: rights changed between the door and the dispatcher", () => {
  type Via = "token" | "dashboard";
  const ROWS: {
    change: string;
    via: Via[];
    code: string;
    apply: (ctx: { who: Signed; tokenId: string }) => Promise<void>;
  }[] = [
    {
      change: "the token is revoked",
      via: ["token"],
      code: "token_revoked",
      apply: async ({ who, tokenId }) => {
        const revoked = await call(revokeRoute, `/api/settings/access-tokens/${tokenId}`, {
          method: "DELETE",
          cookie: who.cookie,
          params: { id: tokenId },
        });
        expect(revoked.status).toBe(204);
      },
    },
    {
      change: "the token expires",
      via: ["token"],
      code: "token_expired",
      // Nobody announces an expiry: only the dispatcher's own question catches it.
      apply: async ({ tokenId }) => {
        await db()
          .updateTable("access_tokens")
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where("id", "=", tokenId)
          .execute();
      },
    },
    {
      change: "the member is disabled",
      via: ["token", "dashboard"],
      code: "member_disabled",
      apply: ({ who }) => changeMember(who, { disabled: true }),
    },
    {
      change: "the member is made a viewer",
      via: ["token", "dashboard"],
      code: "member_demoted",
      apply: ({ who }) => changeMember(who, { role: "viewer" }),
    },
  ];
  const cases = ROWS.flatMap((row) => row.via.map((via) => ({ ...row, via })));

  it.each(cases)("$via, when $change: nothing queued is sent, each is cancelled with its reason", async ({ via, code, apply }) => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const start = await emu.credits(apiKey);
    const t = await testEngine(emu, apiKey);
    const who = await newMember();
    const { secret, id: tokenId } = await newToken(who);
    // 12 accepted at the door (the audit's count): more than the account's 5 image slots, so most wait in line.
    const accepted = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        via === "token" ? viaToken(secret, BODIES.gamma(`queued ${i}`)) : viaDashboard(who, BODIES.gamma(`queued ${i}`)),
      ),
    );
    expect(accepted.map((r) => r.status)).toEqual(Array(12).fill(202));
    const ids = await Promise.all(accepted.map(async (r) => (await submissionOf(r)).id));

    await apply({ who, tokenId });
    expect(await dispatchOnce(t.engine)).toBe(0);
    await drain(t, ids);
    const after = await Promise.all(ids.map((id) => getSubmission(db(), { id })));
    expect(after.map((s) => [s!.state, s!.error_code])).toEqual(Array(12).fill(["cancelled", code]));
    expect(after.every((s) => /Nothing was charged/.test(s!.error_message ?? ""))).toBe(true);
    expect(await expectInvariants(emu, apiKey, start, ids)).toBe(0);
    // The queue shows them for a day with their reason, to their member (an admin sees everyone's)…
    for (const viewer of [who, team.admin]) {
      const queue = await call(queueRoute, "/api/queue", { cookie: viewer.cookie });
      if (queue.status === 401) continue; // a disabled member has no session left
      const shown = (queue.json.withdrawn as { id: string; error: { code: string } }[]).filter((s) => ids.includes(s.id));
      expect(shown.map((s) => s.error.code)).toEqual(Array(12).fill(code));
    }
    // …and the audit log says why they went.
    const withdrawn = (await listAudit(db())).filter(
      (e) => e.action === "submission.withdrawn" && JSON.parse(e.detail ?? "{}").reason === code,
    );
    expect(withdrawn.length).toBeGreaterThan(0);
    // And the door says no too, from now on.
    const again = via === "token" ? await viaToken(secret, BODIES.gamma("after")) : await viaDashboard(who, BODIES.gamma("after"));
    expect([401, 403]).toContain(again.status);
  });
});

describe("a token's cap: judged with every other budget, at the door and again before sending", () => {
  it("10 creations at once of a never-priced configuration through a 10-credit token: one task, then the rest are cancelled", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const start = await emu.credits(apiKey);
    const t = await testEngine(emu, apiKey);
    const who = await newMember();
    const { secret } = await newToken(who, { budgetCredits: 10 });
    // A configuration nobody was charged for yet: its price is unknown until the API states it.
    const body = { ...BODIES.gamma("a burst"), quality: "high", aspect_ratio: "21:9" };
    const burst = await Promise.all(Array.from({ length: 10 }, () => viaToken(secret, body)));
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(202));
    const ids = await Promise.all(burst.map(async (r) => (await submissionOf(r)).id));
    await drain(t, ids);
    const after = await Promise.all(ids.map((id) => getSubmission(db(), { id })));
    expect(after.filter((s) => s!.state === "accepted")).toHaveLength(1);
    expect(after.filter((s) => s!.state === "cancelled").map((s) => s!.error_code)).toEqual(Array(9).fill("token_budget"));
    const charged = await expectInvariants(emu, apiKey, start, ids);
    expect(charged).toBeGreaterThan(10); // passed by the one task that priced it, and only by it
    // Now priced: the door refuses the next one outright.
    const next = await viaToken(secret, body);
    expect(next.status).toBe(402); // the spec's status for credits short
    expect(next.json.error.message).toMatch(/may commit 10 credits and has 0 left; this needs \d+/);
  });

  it("a priced model at a new n counts as unknown: three at once through a 60-credit token send one", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const start = await emu.credits(apiKey);
    const t = await testEngine(emu, apiKey);
    const who = await newMember();
    // The team was charged for delta-image-2 at n: 1 and n: 2 (through the dashboard, no budget).
    const priced = await Promise.all([1, 2].map((n) => viaDashboard(who, { ...BODIES.delta("priced"), n })));
    const pricedIds = await Promise.all(priced.map(async (r) => (await submissionOf(r)).id));
    await drain(t, pricedIds);
    const { secret } = await newToken(who, { budgetCredits: 60 });
    const burst = await Promise.all(Array.from({ length: 3 }, () => viaToken(secret, { ...BODIES.delta("four"), n: 4, quality: "high" })));
    expect(burst.map((r) => r.status)).toEqual(Array(3).fill(202));
    // Not guessed from the n: 1 and n: 2 charges: unknown, so nothing of it is counted yet.
    expect(burst.map((r) => r.json.credits_reserved)).toEqual([0, 0, 0]);
    const ids = await Promise.all(burst.map(async (r) => (await submissionOf(r)).id));
    await drain(t, ids);
    const after = await Promise.all(ids.map((id) => getSubmission(db(), { id })));
    expect(after.filter((s) => s!.state === "accepted")).toHaveLength(1);
    await expectInvariants(emu, apiKey, start, [...pricedIds, ...ids]);
  });
});

describe("inputs: a result named by reference resolves only for who sees its task now", () => {
  async function archivedTaskOf(t: Awaited<ReturnType<typeof testEngine>>, who: Signed) {
    const made = await viaDashboard(who, BODIES.gamma("a source"));
    const { id } = await submissionOf(made);
    await drain(t, [id]);
    const taskId = (await getSubmission(db(), { id }))!.task_id!;
    await t.pollUntil(taskId, (task) => task.archive_state === "done");
    return taskId;
  }

  it("the dashboard: a team task is usable until it is hidden for the team, or by the member", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const owner = await newMember();
    const other = await newMember();
    const source = await archivedTaskOf(t, owner);
    const reference = { model: "alpha-2.3-fast", prompt: "it moves", image_url: `/api/media/${source}/0` };
    expect((await viaDashboard(other, reference)).status).toBe(202);

    await setHidden({ user: { ...other.member }, taskId: source, scope: "me", hidden: true });
    const hiddenByMe = await viaDashboard(other, reference);
    expect(hiddenByMe.status).toBe(422);
    expect(hiddenByMe.json.error.fields["request.image_url"]).toMatch(/not one you can use/);
    expect((await viaDashboard(owner, reference)).status).toBe(202);

    await setHidden({ user: { ...owner.member }, taskId: source, scope: "team", hidden: true });
    expect((await viaDashboard(owner, reference)).status).toBe(422);
  });

  it("the gateway: a script uses only its member's own tasks, by reference or by Darkroom's own path", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const owner = await newMember();
    const other = await newMember();
    const source = await archivedTaskOf(t, owner);
    const body = { model: "gamma-5-pro", prompt: "again", image_urls: [`/api/media/${source}/0`] };
    const foreign = await viaToken((await newToken(other)).secret, body);
    expect(foreign.status).toBe(422);
    expect(foreign.json.error).toMatchObject({ code: expect.any(String), field: "image_urls.0" });
    const ownToken = (await newToken(owner)).secret;
    expect((await viaToken(ownToken, body)).status).toBe(202);
    await setHidden({ user: { ...owner.member }, taskId: source, scope: "team", hidden: true });
    expect((await viaToken(ownToken, body)).status).toBe(422);
  });

  it("an extension's parent: a script extends only a task its member sees, whichever id it names it by", async () => {
    const owner = await newMember();
    const other = await newMember();
    const parent = `task_parent_${randomUUID().slice(0, 8)}`;
    const at = new Date().toISOString();
    await insertTask(db(), {
      id: parent,
      submission_id: null,
      user_id: owner.member.id,
      model: "epsilon-v6",
      kind: "video",
      params: JSON.stringify(BODIES.epsilon()),
      prompt: "a parent",
      status: "succeeded",
      credits_reserved: 4,
      credits_used: 4,
      completed_at: at,
      created_at: at,
      updated_at: at,
    });
    const body = { model: "epsilon-v6", mode: "extend", prompt: "and then", parent_task_id: parent, quality: "360p", duration: 1 };
    const extend = (secret: string) => viaToken(secret, body, "videos");
    const foreign = await extend((await newToken(other)).secret);
    expect(foreign.status).toBe(422);
    expect(foreign.json.error.field).toBe("parent_task_id");
    expect((await extend((await newToken(owner)).secret)).status).toBe(202);
  });
});
