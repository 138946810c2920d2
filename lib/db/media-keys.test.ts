// Migration 0006: results archived before the media store kept absolute paths of one machine; afterwards the
// database holds relative keys that any instance resolves against its own store.
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { migrations } from "@/lib/db/migrations";
import { keyOf } from "@/lib/db/migrations/0006-media-keys";
import { getResults } from "@/lib/db/tasks";

describe("migration 0006: media keys", () => {
  it("rewrites archived absolute paths to relative keys, leaving keys and empty rows alone", async () => {
    const { db } = database();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0005-downloads")).error).toBeUndefined();
    const now = new Date().toISOString();
    await db
      .insertInto("tasks")
      .values({
        id: "task_old",
        user_id: "u",
        model: "gamma-5-pro",
        kind: "image",
        params: "{}",
        status: "succeeded",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = { task_id: "task_old", upstream_url: "https://upstream.example/r.png", content_type: "image/png" };
    await db
      .insertInto("task_results")
      .values([
        { ...row, idx: 0, file: "/srv/darkroom/data/media/task_old/0.png", thumbnail: "/srv/darkroom/data/media/task_old/0.thumb.webp" },
        { ...row, idx: 1, file: "C:\\darkroom\\media\\h_0123abcd\\1.png", thumbnail: null },
        { ...row, idx: 2, file: null, thumbnail: null },
        { ...row, idx: 3, file: "task_old/3.png", thumbnail: "task_old/3.thumb.webp" },
      ])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const results = await getResults(db, { taskId: "task_old" });
    expect(results.map((r) => [r.file, r.thumbnail])).toEqual([
      ["task_old/0.png", "task_old/0.thumb.webp"],
      ["h_0123abcd/1.png", null],
      [null, null],
      ["task_old/3.png", "task_old/3.thumb.webp"],
    ]);
  });

  it("keeps the last two segments of any stored path", () => {
    expect(keyOf("./data/media/task_a/0.jpg")).toBe("task_a/0.jpg");
    expect(keyOf("task_a/0.jpg")).toBe("task_a/0.jpg");
  });
});
