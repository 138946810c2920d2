// Issue 14, item 9: an open event stream ends when its member is disabled or given another role, and when
// the session ends elsewhere (noticed by the periodic re-check, at least every 60 s).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as events } from "@/app/api/events/route";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { getAuth } from "@/lib/auth/auth";
import { getSessionUser } from "@/lib/auth/session";
import { eventStream, SESSION_RECHECK_MS } from "@/lib/events/stream";
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

const open = (cookie: string) => events(new Request(`${ORIGIN}/api/events`, { headers: { cookie } }), { params: Promise.resolve({}) });
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
