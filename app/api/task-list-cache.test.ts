// Issue 15 (throughput): GET /api/tasks answers from an in-memory page cache keyed by the list version that
// triggers move on every write (0017). The page must still change after any write, from any connection (a
// second instance's, the engine's plain SQL), each viewer keeps their own page, and an unchanged page is a 304.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "@/app/api/tasks/route";
import { database } from "@/lib/db";
import { connect, type Connection } from "@/lib/db/connect";
import { readListVersion } from "@/lib/db/list-version";
import { insertTask } from "@/lib/db/tasks";
import { env } from "@/lib/env";
import { call, seedTeam, type Signed, type Team } from "@/lib/testing/app";

let team: Team;
/** Another instance's connection to the same database. */
let elsewhere: Connection;
let serial = 0;

beforeAll(async () => {
  team = await seedTeam();
  elsewhere = connect(env.DATABASE_URL);
});
afterAll(async () => {
  await elsewhere.db.destroy();
});

async function addTask(userId: string): Promise<string> {
  const id = `task_cache_${(serial += 1)}`;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, serial)).toISOString();
  await insertTask(database().db, {
    id,
    user_id: userId,
    model: "gamma-5-pro",
    kind: "image",
    prompt: `a heron ${serial}`,
    status: "succeeded",
    created_at: at,
    updated_at: at,
  });
  return id;
}

const page = (who: Signed, headers: Record<string, string> = {}) => call(list, "/api/tasks?limit=200", { cookie: who.cookie, headers });
const tasksOf = async (who: Signed) => (await page(who)).json.tasks as { id: string; prompt: string; member: { name: string } }[];

describe("the task list's page cache", () => {
  it("shows a change written through another instance's connection, as plain SQL", async () => {
    const id = await addTask(team.member.member.id);
    expect((await tasksOf(team.viewer)).find((task) => task.id === id)?.prompt).toMatch(/^a heron/);
    expect((await tasksOf(team.viewer)).find((task) => task.id === id)?.prompt).toMatch(/^a heron/); // now cached
    await elsewhere.db.updateTable("tasks").set({ prompt: "an egret" }).where("id", "=", id).execute();
    expect((await tasksOf(team.viewer)).find((task) => task.id === id)?.prompt).toBe("an egret");
    // A transaction elsewhere: visible once committed.
    await elsewhere.db.transaction().execute(async (trx) => {
      await trx.updateTable("tasks").set({ prompt: "a stork" }).where("id", "=", id).execute();
    });
    expect((await tasksOf(team.viewer)).find((task) => task.id === id)?.prompt).toBe("a stork");
    await elsewhere.db.deleteFrom("tasks").where("id", "=", id).execute();
    expect((await tasksOf(team.viewer)).map((task) => task.id)).not.toContain(id);
  });

  it("keeps each viewer's hidden set to their own page", async () => {
    const id = await addTask(team.member.member.id);
    expect((await tasksOf(team.viewer)).map((task) => task.id)).toContain(id);
    expect((await tasksOf(team.admin)).map((task) => task.id)).toContain(id);
    const hidden = { task_id: id, user_id: team.viewer.member.id, created_at: new Date().toISOString() };
    await elsewhere.db.insertInto("task_hides").values(hidden).execute();
    expect((await tasksOf(team.viewer)).map((task) => task.id)).not.toContain(id);
    expect((await tasksOf(team.admin)).map((task) => task.id)).toContain(id);
    await elsewhere.db.deleteFrom("task_hides").where("task_id", "=", id).execute();
    expect((await tasksOf(team.viewer)).map((task) => task.id)).toContain(id);
  });

  it("shows a member's new name", async () => {
    const id = await addTask(team.member.member.id);
    await tasksOf(team.viewer);
    await elsewhere.db
      .updateTable("user")
      .set({ name: "Mona Renamed", updatedAt: new Date(Date.now() + 60_000).toISOString() })
      .where("id", "=", team.member.member.id)
      .execute();
    expect((await tasksOf(team.viewer)).find((task) => task.id === id)?.member.name).toBe("Mona Renamed");
  });

  it("answers 304 to an unchanged page's ETag, and the new page once a task changed", async () => {
    const id = await addTask(team.admin.member.id);
    const first = await page(team.viewer);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await page(team.viewer, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.json).toBeUndefined();
    // Another viewer's validator is their own, even for a page with the same tasks.
    expect((await page(team.admin, { "if-none-match": etag })).status).toBe(200);
    await elsewhere.db.updateTable("tasks").set({ favourite: 1 }).where("id", "=", id).execute();
    const changed = await page(team.viewer, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("moves the version on every write the list can show, and not on reads", async () => {
    const { db } = database();
    const id = await addTask(team.member.member.id);
    const before = await readListVersion(db);
    await tasksOf(team.viewer);
    expect(await readListVersion(db)).toBe(before);
    const writes = [
      () => elsewhere.db.updateTable("tasks").set({ status: "failed" }).where("id", "=", id).execute(),
      () => sql`insert into task_sources (submission_id, source_task_id, relation) values ('sub_x', ${id}, 'input')`.execute(elsewhere.db),
      () => sql`delete from task_sources where submission_id = 'sub_x'`.execute(elsewhere.db),
    ];
    let last = before;
    for (const write of writes) {
      await write();
      const now = await readListVersion(db);
      expect(now).not.toBe(last);
      last = now;
    }
  });
});
