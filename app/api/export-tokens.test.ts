// Export tokens: made once by an admin, stored hashed, accepted by the export routes only (with no session),
// refused everywhere else, stopped by revoking, by a newer token, or by disabling or demoting their admin (which
// revokes it for good), and by expiry after 90 days unless an admin renews it.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as meRoute } from "@/app/api/me/route";
import { PATCH as memberRoute } from "@/app/api/members/[id]/route";
import { GET as tasksRoute } from "@/app/api/tasks/route";
import { GET as tasksCsv } from "@/app/api/exports/tasks.csv/route";
import { GET as usageCsv } from "@/app/api/exports/usage.csv/route";
import { POST as renewRoute } from "@/app/api/settings/export-tokens/[id]/renew/route";
import { DELETE as revokeRoute } from "@/app/api/settings/export-tokens/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/settings/export-tokens/route";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { insertTask } from "@/lib/db/tasks";
import { hashToken } from "@/lib/auth/token-hash";
import { addSignedIn, call, expectError, expectNoInternals, seedTeam, type Signed, type Team } from "@/lib/testing/app";
import { csvRecords } from "@/lib/testing/csv";

let team: Team;
let serial = 0;
const DAY_MS = 86_400_000;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function newToken(admin: Signed): Promise<{ token: string; id: string }> {
  const response = await call(createRoute, "/api/settings/export-tokens", { method: "POST", cookie: admin.cookie });
  expect(response.status).toBe(201);
  return { token: response.json.token, id: response.json.tokenInfo.id };
}

async function anotherAdmin(): Promise<Signed> {
  return addSignedIn(team.admin.cookie, { role: "admin", email: `admin${(serial += 1)}@example.com` });
}

beforeAll(async () => {
  team = await seedTeam();
  await insertTask(database().db, {
    id: "task_one",
    user_id: team.member.member.id,
    model: "gamma-5-pro",
    kind: "image",
    params: null,
    prompt: "a kite",
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    hidden: 1,
    created_at: "2026-03-01T00:00:00.000Z",
    updated_at: "2026-03-01T00:00:00.000Z",
  });
});

describe("export tokens", () => {
  it("is shown once, stored as a hash, and opens the usage and task exports with no session", async () => {
    const { token, id } = await newToken(team.admin);
    expect(token).toMatch(/^drx_[\w-]{43}$/);
    const stored = await database().db.selectFrom("export_tokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const usage = await call(usageCsv, "/api/exports/usage.csv", bearer(token));
    expect(usage.status).toBe(200);
    expect(csvRecords(String(usage.json))).toEqual([expect.objectContaining({ day: "2026-03-01", tasks: "1" })]);
    // An admin's token: every task, hidden ones included.
    const tasks = await call(tasksCsv, "/api/exports/tasks.csv", bearer(token));
    expect(csvRecords(String(tasks.json)).map((row) => row.task_id)).toEqual(["task_one"]);

    const listed = await call(listRoute, "/api/settings/export-tokens", { cookie: team.admin.cookie });
    expect(listed.json.tokens).toEqual([
      {
        id,
        owner: { id: team.admin.member.id, name: "Ada Admin" },
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    const { createdAt, expiresAt } = listed.json.tokens[0];
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(90 * DAY_MS);
    expect(JSON.stringify(listed.json)).not.toContain(token);
  });

  it("is refused by every other route, even alongside a valid session", async () => {
    const { token } = await newToken(team.admin);
    for (const [handler, path] of [
      [meRoute, "/api/me"],
      [tasksRoute, "/api/tasks"],
      [listRoute, "/api/settings/export-tokens"],
    ] as const) {
      const response = await call(handler, path, { cookie: team.admin.cookie, ...bearer(token) });
      expectError(response, 403, "forbidden:token_scope");
      expect(response.json.error.message).toMatch(/only on Darkroom's export addresses/);
    }
    const post = await call(createRoute, "/api/settings/export-tokens", { method: "POST", ...bearer(token) });
    expectError(post, 403, "forbidden:token_scope");
  });

  it("stops when revoked, and when its admin makes a new one", async () => {
    const { token, id } = await newToken(team.admin);
    const { token: newer } = await newToken(team.admin);
    const replaced = await call(usageCsv, "/api/exports/usage.csv", bearer(token));
    expectError(replaced, 401, "unauthorized:export_token");
    expect(replaced.headers.get("www-authenticate")).toBe('Bearer realm="exports"');
    expect((await call(usageCsv, "/api/exports/usage.csv", bearer(newer))).status).toBe(200);

    const newerId = (await call(listRoute, "/api/settings/export-tokens", { cookie: team.admin.cookie })).json.tokens[0].id;
    const revoke = await call(revokeRoute, "/api/settings/export-tokens/x", {
      method: "DELETE",
      cookie: team.admin.cookie,
      params: { id: newerId },
    });
    expect(revoke.status).toBe(204);
    expectError(await call(usageCsv, "/api/exports/usage.csv", bearer(newer)), 401, "unauthorized:export_token");
    const again = await call(revokeRoute, "/api/settings/export-tokens/x", { method: "DELETE", cookie: team.admin.cookie, params: { id } });
    expectError(again, 404, "not_found:export_token");

    const actions = (await listAudit(database().db, { limit: 20 })).filter((entry) => entry.action.startsWith("export_token."));
    expect(actions.filter((a) => a.action === "export_token.revoke").map((a) => a.subject_id)).toEqual(
      expect.arrayContaining([id, newerId]),
    );
    expect(actions.filter((a) => a.action === "export_token.create").map((a) => a.subject_id)).toEqual(expect.arrayContaining([id]));
    for (const entry of actions) expect(entry.actor_id).toBe(team.admin.member.id);
  });

  it("stops when its admin is disabled or demoted", async () => {
    for (const patch of [{ disabled: true }, { role: "member" }]) {
      const other = await anotherAdmin();
      const { token } = await newToken(other);
      expect((await call(usageCsv, "/api/exports/usage.csv", bearer(token))).status).toBe(200);
      const changed = await call(memberRoute, "/api/members/x", {
        method: "PATCH",
        cookie: team.admin.cookie,
        params: { id: other.member.id },
        body: patch,
      });
      expect(changed.status).toBe(200);
      const refused = await call(usageCsv, "/api/exports/usage.csv", bearer(token));
      expectError(refused, 401, "unauthorized:export_token");
      expectNoInternals(refused.json);
    }
  });

  // Issue 25, finding 3: disabling or demoting an admin used to suspend their token only, and enabling or
  // promoting them again brought it back.
  it("stays revoked when its admin is enabled or promoted again, and the revocation is in the audit log", async () => {
    const patch = (id: string, body: Record<string, unknown>) =>
      call(memberRoute, "/api/members/x", { method: "PATCH", cookie: team.admin.cookie, params: { id }, body });
    for (const [away, back, reason] of [
      [{ disabled: true }, { disabled: false }, "disabled"],
      [{ role: "member" }, { role: "admin" }, "demoted"],
    ] as const) {
      const other = await anotherAdmin();
      const { token, id } = await newToken(other);
      expect((await patch(other.member.id, away)).status).toBe(200);
      expect((await patch(other.member.id, back)).status).toBe(200);
      expectError(await call(usageCsv, "/api/exports/usage.csv", bearer(token)), 401, "unauthorized:export_token");
      const listed = await call(listRoute, "/api/settings/export-tokens", { cookie: team.admin.cookie });
      expect(listed.json.tokens.map((t: { id: string }) => t.id)).not.toContain(id);
      const revoked = (await listAudit(database().db, { limit: 50 })).filter(
        (entry) => entry.action === "export_token.revoke" && entry.subject_id === id,
      );
      expect(revoked.map((entry) => [entry.actor_id, JSON.parse(entry.detail ?? "null")])).toEqual([[team.admin.member.id, { reason }]]);
    }
  });

  it("expires 90 days after it was made; an admin renews it for another 90 days; both are in the audit log", async () => {
    const other = await anotherAdmin();
    const { token, id } = await newToken(other);
    const past = new Date(Date.now() - 1000).toISOString();
    await database().db.updateTable("export_tokens").set({ expires_at: past }).where("id", "=", id).execute();
    for (let i = 0; i < 2; i += 1) {
      const refused = await call(usageCsv, "/api/exports/usage.csv", bearer(token));
      expectError(refused, 401, "unauthorized:export_token");
      expect(refused.json.error.message).toMatch(/expired/);
    }
    const audit = async (action: string) =>
      (await listAudit(database().db, { limit: 50 })).filter((entry) => entry.action === action && entry.subject_id === id);
    // Once per expiry, however often a scheduled job tries.
    expect((await audit("export_token.expired")).map((entry) => entry.actor_id)).toEqual([other.member.id]);
    // Still listed, so it can be renewed.
    const listed = await call(listRoute, "/api/settings/export-tokens", { cookie: team.admin.cookie });
    expect(listed.json.tokens.find((t: { id: string }) => t.id === id)?.expiresAt).toBe(past);

    const before = Date.now();
    const renewed = await call(renewRoute, "/api/settings/export-tokens/x/renew", {
      method: "POST",
      cookie: team.admin.cookie,
      params: { id },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.json.id).toBe(id);
    expect(Date.parse(renewed.json.expiresAt) - before).toBeGreaterThanOrEqual(90 * DAY_MS);
    expect(Date.parse(renewed.json.expiresAt) - Date.now()).toBeLessThanOrEqual(90 * DAY_MS);
    expect((await call(usageCsv, "/api/exports/usage.csv", bearer(token))).status).toBe(200);
    expect((await audit("export_token.renew")).map((entry) => [entry.actor_id, JSON.parse(entry.detail ?? "null")])).toEqual([
      [team.admin.member.id, { expiresAt: renewed.json.expiresAt }],
    ]);
    expect(JSON.parse((await audit("export_token.create"))[0]!.detail ?? "null")).toEqual({ expiresAt: expect.any(String) });

    // A revoked token cannot be renewed back to life.
    await call(revokeRoute, "/api/settings/export-tokens/x", { method: "DELETE", cookie: team.admin.cookie, params: { id } });
    const again = await call(renewRoute, "/api/settings/export-tokens/x/renew", {
      method: "POST",
      cookie: team.admin.cookie,
      params: { id },
    });
    expectError(again, 404, "not_found:export_token");
    expectError(await call(usageCsv, "/api/exports/usage.csv", bearer(token)), 401, "unauthorized:export_token");
    for (const as of ["member", "viewer"] as const)
      expectError(
        await call(renewRoute, "/api/settings/export-tokens/x/renew", { method: "POST", cookie: team[as].cookie, params: { id } }),
        403,
        "forbidden:role",
      );
  });

  it("refuses garbage and unknown tokens the same way, and leaves other schemes to the session", async () => {
    for (const token of ["drx_unknown", "not-ours", "x".repeat(5000)])
      expectError(await call(usageCsv, "/api/exports/usage.csv", bearer(token)), 401, "unauthorized:export_token");
    // A reverse proxy's Basic sign-in in front of Darkroom is not a token: the cookie decides.
    const basic = await call(usageCsv, "/api/exports/usage.csv", { cookie: team.viewer.cookie, headers: { authorization: "Basic dTpw" } });
    expect(basic.status).toBe(200);
    expect((await call(meRoute, "/api/me", { cookie: team.viewer.cookie, headers: { authorization: "Basic dTpw" } })).status).toBe(200);
  });

  it("is only for admins to make, list and revoke", async () => {
    for (const as of ["member", "viewer"] as const) {
      expectError(
        await call(createRoute, "/api/settings/export-tokens", { method: "POST", cookie: team[as].cookie }),
        403,
        "forbidden:role",
      );
      expectError(await call(listRoute, "/api/settings/export-tokens", { cookie: team[as].cookie }), 403, "forbidden:role");
    }
  });
});
