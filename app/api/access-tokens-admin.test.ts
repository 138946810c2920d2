// Admins manage every member's access tokens (issue 44): they list them with their member and revoke any; a
// member revokes only their own (another's is a 404). Any revocation stops the token at once and, in the same
// transaction, cancels what it queued and was never sent, and the audit log says who revoked it.
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as revokeRoute } from "@/app/api/settings/access-tokens/[id]/route";
import { POST as createRoute } from "@/app/api/settings/access-tokens/route";
import { GET as teamRoute } from "@/app/api/settings/access-tokens/team/route";
import { POST as images } from "@/app/v1/images/generations/route";
import { GET as retrieve } from "@/app/v1/tasks/[id]/route";
import { BODIES } from "@/emulator/testing";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { getSubmission } from "@/lib/db/submissions";
import { call, expectError, seedTeam, type Signed, type Team } from "@/lib/testing/app";

let team: Team;
let serial = 0;

async function newToken(who: Signed, name = `script ${(serial += 1)}`): Promise<{ token: string; id: string }> {
  const made = await call(createRoute, "/api/settings/access-tokens", { method: "POST", cookie: who.cookie, body: { name, scope: "all" } });
  expect(made.status).toBe(201);
  return { token: made.json.token, id: made.json.tokenInfo.id };
}

const revoke = (who: Signed, id: string) =>
  call(revokeRoute, `/api/settings/access-tokens/${id}`, { method: "DELETE", cookie: who.cookie, params: { id } });

/** A creation the queue has not sent (no engine runs in this file): its submission. */
async function queued(token: string) {
  const created = await call(images, "/v1/images/generations", {
    method: "POST",
    body: BODIES.gamma(`waiting ${(serial += 1)}`),
    headers: { origin: "", authorization: `Bearer ${token}`, "idempotency-key": `queued-${serial}` },
  });
  expect(created.status).toBe(202);
  return (created.json.id as string).slice("task_".length);
}

const stillWorks = async (token: string) =>
  (await call(retrieve, "/v1/tasks/task_none", { headers: { authorization: `Bearer ${token}` }, params: { id: "task_none" } })).status;

beforeAll(async () => {
  team = await seedTeam();
});

describe("every member's access tokens", () => {
  it("are listed to admins with their member (not the admin's own), and to no one else", async () => {
    const members = await newToken(team.member, "nightly renders");
    const own = await newToken(team.admin, "admin's own");
    const listed = await call(teamRoute, "/api/settings/access-tokens/team", { cookie: team.admin.cookie });
    expect(listed.status).toBe(200);
    expect(listed.json.tokens).toContainEqual(
      expect.objectContaining({
        id: members.id,
        name: "nightly renders",
        member: { id: team.member.member.id, name: team.member.member.name },
      }),
    );
    expect(listed.json.tokens.map((token: { id: string }) => token.id)).not.toContain(own.id);
    expect(JSON.stringify(listed.json)).not.toContain(members.token);
    expectError(await call(teamRoute, "/api/settings/access-tokens/team", { cookie: team.member.cookie }), 403, "forbidden:role");
  });

  it("are revoked by an admin: the token gets 401 at once, its unsent work is cancelled, and the audit log names both", async () => {
    const { token, id } = await newToken(team.member);
    const waiting = await queued(token);
    expect(await stillWorks(token)).toBe(404);

    // A member cannot revoke another's: as if it did not exist.
    const other = await newToken(team.admin);
    expectError(await revoke(team.member, other.id), 404, "not_found:access_token");
    expect(await stillWorks(other.token)).toBe(404);

    expect((await revoke(team.admin, id)).status).toBe(204);
    expect(await stillWorks(token)).toBe(401);
    expect(await getSubmission(database().db, { id: waiting })).toMatchObject({ state: "cancelled", error_code: "token_revoked" });
    const audit = await listAudit(database().db);
    expect(audit.find((entry) => entry.action === "access_token.revoke" && entry.subject_id === id)).toMatchObject({
      actor_id: team.admin.member.id,
      detail: JSON.stringify({ member: team.member.member.id }),
    });
    expect(audit.find((entry) => entry.action === "submission.withdrawn" && entry.subject_id === id)).toMatchObject({
      actor_id: team.admin.member.id,
    });
    // Gone from both lists; revoking it again is a 404.
    const listed = await call(teamRoute, "/api/settings/access-tokens/team", { cookie: team.admin.cookie });
    expect(listed.json.tokens.map((token: { id: string }) => token.id)).not.toContain(id);
    expectError(await revoke(team.admin, id), 404, "not_found:access_token");
  });

  it("are revoked by their member too, with the same cancelling and an entry without a member", async () => {
    const { token, id } = await newToken(team.member);
    const waiting = await queued(token);
    expect((await revoke(team.member, id)).status).toBe(204);
    expect(await stillWorks(token)).toBe(401);
    expect(await getSubmission(database().db, { id: waiting })).toMatchObject({ state: "cancelled", error_code: "token_revoked" });
    const entry = (await listAudit(database().db)).find((e) => e.action === "access_token.revoke" && e.subject_id === id);
    expect(entry).toMatchObject({ actor_id: team.member.member.id, detail: null });
  });
});
