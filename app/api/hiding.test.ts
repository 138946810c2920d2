// Issue 14, item 10: hiding is per person by default; hiding for the team is for the task's owner and
// admins, recorded in the audit log that admins read, and undone the same way.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as audit } from "@/app/api/audit/route";
import { POST as askZip } from "@/app/api/downloads/route";
import { POST as restore } from "@/app/api/tasks/[id]/restore/route";
import { DELETE as hide, GET as getOne } from "@/app/api/tasks/[id]/route";
import { GET as list } from "@/app/api/tasks/route";
import { database } from "@/lib/db";
import { insertTask } from "@/lib/db/tasks";
import { addSignedIn, call, expectError, seedTeam, type Signed, type Team } from "@/lib/testing/app";

let team: Team;
let owner: Signed;
let other: Signed;
let serial = 0;

beforeAll(async () => {
  team = await seedTeam();
  owner = await addSignedIn(team.admin.cookie, { role: "member", email: "owner@example.com", name: "Olive Owner" });
  other = await addSignedIn(team.admin.cookie, { role: "member", email: "other@example.com", name: "Otto Other" });
});

async function ownersTask(): Promise<string> {
  const id = `task_hide_${(serial += 1)}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, serial)).toISOString();
  await insertTask(database().db, {
    id,
    user_id: owner.member.id,
    model: "gamma-5-pro",
    kind: "image",
    prompt: "a heron",
    status: "succeeded",
    created_at: at,
    updated_at: at,
  });
  return id;
}

const listed = async (who: Signed) => {
  const response = await call(list, "/api/tasks?limit=200", { cookie: who.cookie });
  return (response.json.tasks as { id: string }[]).map((task) => task.id);
};
const hideAs = (who: Signed, id: string, scope?: "me" | "team") =>
  call(hide, `/api/tasks/${id}${scope ? `?scope=${scope}` : ""}`, { method: "DELETE", cookie: who.cookie, params: { id } });
const restoreAs = (who: Signed, id: string, scope?: "me" | "team") =>
  call(restore, `/api/tasks/${id}/restore${scope ? `?scope=${scope}` : ""}`, { method: "POST", cookie: who.cookie, params: { id } });
const auditLog = async () =>
  (await call(audit, "/api/audit?limit=500", { cookie: team.admin.cookie })).json.entries as Record<string, unknown>[];

describe("hiding a task", () => {
  it("hides it only for the member who hid it, by default, and undoes it", async () => {
    const id = await ownersTask();
    expect((await hideAs(other, id)).status).toBe(204);
    expect(await listed(other)).not.toContain(id);
    for (const who of [owner, team.viewer, team.admin]) expect(await listed(who)).toContain(id);
    // Their own downloads leave it out too; the task's page still opens, and says so.
    expectError(
      await call(askZip, "/api/downloads", { method: "POST", cookie: other.cookie, body: { taskIds: [id] } }),
      404,
      "not_found:task",
    );
    const page = await call(getOne, `/api/tasks/${id}`, { cookie: other.cookie, params: { id } });
    expect(page.json.task).toMatchObject({ hiddenForMe: true, hiddenForTeam: false });

    expect((await restoreAs(other, id)).status).toBe(204);
    expect(await listed(other)).toContain(id);
  });

  it("refuses a team-wide hide to a member who does not own the task, and records nothing", async () => {
    const id = await ownersTask();
    const before = (await auditLog()).length;
    const refused = await hideAs(other, id, "team");
    expectError(refused, 403, "forbidden:hide_team");
    expect(refused.json.error.message).toMatch(/owner or an admin/);
    expect(await listed(owner)).toContain(id);
    expect((await auditLog()).length).toBe(before);
  });

  it("lets the owner hide it for the team, recorded for admins, and an admin undo it, recorded too", async () => {
    const id = await ownersTask();
    expect((await hideAs(owner, id, "team")).status).toBe(204);
    for (const who of [owner, other, team.viewer, team.admin]) expect(await listed(who)).not.toContain(id);
    const [hidden] = (await auditLog()).filter((entry) => entry.subjectId === id);
    expect(hidden).toMatchObject({ action: "task.hide_team", actor: { id: owner.member.id, name: "Olive Owner" } });
    expect(Date.now() - Date.parse(String(hidden!.createdAt))).toBeLessThan(60_000);

    expectError(await restoreAs(other, id, "team"), 403, "forbidden:hide_team");
    expect((await restoreAs(team.admin, id, "team")).status).toBe(204);
    for (const who of [owner, other, team.viewer]) expect(await listed(who)).toContain(id);
    expect((await auditLog()).filter((entry) => entry.subjectId === id).map((entry) => entry.action)).toEqual([
      "task.show_team",
      "task.hide_team",
    ]);
  });

  it("keeps the audit log for admins", async () => {
    for (const who of [owner, team.viewer]) expectError(await call(audit, "/api/audit", { cookie: who.cookie }), 403, "forbidden:role");
  });
});
