// Issue 14, item 9: an open event stream ends when its member is disabled or given another role, and when
// the session ends elsewhere (noticed by the periodic re-check, at least every 60 s).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as events } from "@/app/api/events/route";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { getAuth } from "@/lib/auth/auth";
import { getSessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { hideForMember } from "@/lib/db/task-hides";
import { insertTask, updateTask } from "@/lib/db/tasks";
import { publishTaskEvent } from "@/lib/events/bus";
import { eventStream, SESSION_RECHECK_MS } from "@/lib/events/stream";
import type { LiveEvent } from "@/lib/schemas/views";
import { addSignedIn, call, ORIGIN, seedTeam, type Team } from "@/lib/testing/app";

let team: Team;
let serial = 0;

beforeAll(async () => {
  team = await seedTeam();
});

/** Reads the stream for up to `ms`: what it sent, and whether the server ended it. */
async function follow(response: Response, ms: number): Promise<{ text: string; ended: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), deadline - Date.now())),
    ]);
    if (next === "waiting") break;
    if (next.done) return { text, ended: true };
    text += decoder.decode(next.value);
  }
  await reader.cancel();
  return { text, ended: false };
}

const open = (cookie: string, headers: Record<string, string> = {}, search = "") =>
  events(new Request(`${ORIGIN}/api/events${search}`, { headers: { cookie, ...headers } }), { params: Promise.resolve({}) });

interface Sent {
  id: string | undefined;
  event: string;
  data: Record<string, unknown>;
}

/** The events of a stream's text, in order (comments and the retry line left out). */
function parse(text: string): Sent[] {
  return text
    .split("\n\n")
    .map((block) =>
      Object.fromEntries(block.split("\n").flatMap((line) => (/^(id|event|data): /.test(line) ? [line.split(/: (.*)/s)] : []))),
    )
    .filter((fields: Record<string, string>) => fields.event)
    .map((fields: Record<string, string>) => ({ id: fields.id, event: fields.event!, data: JSON.parse(fields.data ?? "{}") }));
}

async function newTask(id: string): Promise<void> {
  const now = new Date().toISOString();
  await insertTask(database().db, {
    id,
    model: "gamma-5-pro",
    kind: "image",
    status: "pending",
    prompt: "a lighthouse",
    created_at: now,
    updated_at: now,
  });
}

/** Changes a task as a poll would, and publishes it as the engine does. */
async function change(id: string, patch: Omit<Parameters<typeof updateTask>[1], "id">): Promise<LiveEvent | undefined> {
  await updateTask(database().db, { ...patch, id });
  return publishTaskEvent({ type: "task", id, status: "ignored", archive: "ignored" });
}
const fresh = (role: "member" | "viewer") => addSignedIn(team.admin.cookie, { role, email: `listener${(serial += 1)}@example.com` });
const patch = (id: string, body: unknown) =>
  call(patchMember, "/api/members/x", { method: "PATCH", cookie: team.admin.cookie, params: { id }, body });

describe("GET /api/events", () => {
  it("ends the stream of a member who is disabled, telling the page why", async () => {
    const listener = await fresh("member");
    const response = await open(listener.cookie);
    expect(response.status).toBe(200);
    const followed = follow(response, 3_000);
    expect((await patch(listener.member.id, { disabled: true })).status).toBe(200);
    const { text, ended } = await followed;
    expect(ended).toBe(true);
    expect(text).toMatch(/event: access\ndata: \{"reason":"signed_out"\}/);
  });

  it("ends the stream of a member whose role changes", async () => {
    const listener = await fresh("viewer");
    const followed = follow(await open(listener.cookie), 3_000);
    expect((await patch(listener.member.id, { role: "member" })).status).toBe(200);
    const { text, ended } = await followed;
    expect(ended).toBe(true);
    expect(text).toContain('"reason":"role_changed"');
  });

  it("keeps the stream of everyone else", async () => {
    const listener = await fresh("member");
    const bystander = await fresh("member");
    const followed = follow(await open(bystander.cookie), 1_500);
    expect((await patch(listener.member.id, { disabled: true })).status).toBe(200);
    expect((await followed).ended).toBe(false);
  });
});

describe("eventStream", () => {
  it("re-checks the session at least every 60 s", () => {
    expect(SESSION_RECHECK_MS).toBeLessThanOrEqual(60_000);
  });

  it("ends when the session is signed out elsewhere", async () => {
    const listener = await fresh("member");
    const request = new Request(`${ORIGIN}/api/events`, { headers: { cookie: listener.cookie } });
    const user = (await getSessionUser(request.headers))!;
    const followed = follow(eventStream({ request, user, recheckMs: 200 }), 3_000);
    // Another tab or device signs this session out: better-auth deletes it; nothing tells this process.
    const signOut = await getAuth().handler(
      new Request(`${ORIGIN}/api/auth/sign-out`, { method: "POST", headers: { origin: ORIGIN, cookie: listener.cookie } }),
    );
    expect(signOut.status).toBe(200);
    const { text, ended } = await followed;
    expect(ended).toBe(true);
    expect(text).toContain('"reason":"signed_out"');
  });
});

describe("events that carry the change", () => {
  it("publishes a task's new view with its version, and nothing when nothing visible changed", async () => {
    const listener = await fresh("member");
    await newTask("task_live_view");
    const followed = follow(await open(listener.cookie), 2_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first = await change("task_live_view", { status: "processing" });
    // A poll that only moves bookkeeping (when to look again, when it was last polled): no event.
    expect(
      await change("task_live_view", { next_poll_at: new Date().toISOString(), last_polled_at: new Date().toISOString() }),
    ).toBeUndefined();
    const second = await change("task_live_view", { status: "succeeded", archive_state: "done", credits_used: 4 });
    const sent = parse((await followed).text).filter((e) => e.event === "task");

    expect(first).toMatchObject({ version: 1 });
    expect(second).toMatchObject({ version: 2 });
    expect(sent.map((e) => e.id)).toEqual([String(first!.seq), String(second!.seq)]);
    expect(sent[1]!.data).toMatchObject({
      id: "task_live_view",
      version: 2,
      view: { id: "task_live_view", status: "succeeded", credits: { used: 4 }, prompt: "a lighthouse", hiddenForMe: false },
    });
  });

  it("tells each viewer whether they hid the task themselves", async () => {
    const hider = await fresh("member");
    const other = await fresh("viewer");
    await newTask("task_live_hidden");
    await hideForMember(database().db, { taskId: "task_live_hidden", userId: hider.member.id, at: new Date().toISOString() });
    const hiders = follow(await open(hider.cookie), 1_500);
    const others = follow(await open(other.cookie), 1_500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await change("task_live_hidden", { status: "processing" });
    const [seenByHider] = parse((await hiders).text).filter((e) => e.event === "task");
    const [seenByOther] = parse((await others).text).filter((e) => e.event === "task");
    expect(seenByHider!.data).toMatchObject({ view: { status: "processing", hiddenForMe: true } });
    expect(seenByOther!.data).toMatchObject({ view: { status: "processing", hiddenForMe: false } });
  });

  it("resumes after Last-Event-ID with exactly the events missed, in order", async () => {
    const listener = await fresh("member");
    await newTask("task_live_resume");
    const seen = (await change("task_live_resume", { status: "processing" }))!;
    // The connection drops here; meanwhile the task moves twice and a submission is accepted.
    const missed = [
      (await change("task_live_resume", { credits_reserved: 8 }))!,
      (await publishTaskEvent({ type: "submission", id: "sub_live_resume", state: "accepted", taskId: "task_live_resume" }))!,
      (await change("task_live_resume", { status: "failed", error_code: "generation_failed" }))!,
    ];
    const resumes: { headers: Record<string, string>; search: string }[] = [
      { headers: { "last-event-id": String(seen.seq) }, search: "" },
      { headers: {}, search: `?after=${seen.seq}` }, // a tab taking the stream over from another
    ];
    for (const resume of resumes) {
      const sent = parse((await follow(await open(listener.cookie, resume.headers, resume.search), 1_000)).text);
      expect(sent.map((e) => [e.id, e.event])).toEqual(missed.map((e) => [String(e.seq), e.type]));
      expect(sent[1]!.data).toEqual({
        seq: missed[1]!.seq,
        type: "submission",
        id: "sub_live_resume",
        state: "accepted",
        taskId: "task_live_resume",
      });
      expect(sent[2]!.data).toMatchObject({ version: 3, view: { status: "failed", credits: { reserved: 8 } } });
    }
  });

  it("says hello with the log's end to a fresh stream, and reset to one that cannot resume exactly", async () => {
    const listener = await fresh("member");
    await newTask("task_live_hello");
    const last = (await change("task_live_hello", { status: "processing" }))!;
    const [hello] = parse((await follow(await open(listener.cookie), 500)).text);
    expect(hello).toEqual({ id: String(last.seq), event: "hello", data: {} });
    const [reset] = parse((await follow(await open(listener.cookie, { "last-event-id": String(last.seq + 1_000) }), 500)).text);
    expect(reset).toMatchObject({ id: String(last.seq), event: "reset" });
  });
});
