// The Overview's figures from a hand-made table: what runs, today's spend, which images' upstream copies expire
// within 48 hours (free plan: 7 days after success), and which failures are news.
import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import type { TaskTable } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import { migrated } from "@/lib/testing/app";
import { ledgerSnapshot } from "@/lib/credits/snapshot";
import { overview } from "./overview";

const NOW = new Date("2026-06-10T12:00:00.000Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const USER = { id: "user_overview", name: "Ada", email: "ada@example.com", role: "admin" as const };

async function task(id: string, created: string, patch: Partial<Insertable<TaskTable>>) {
  await insertTask(database().db, {
    id,
    model: "gamma-5-pro",
    kind: "image",
    params: JSON.stringify({ model: "gamma-5-pro", prompt: id }),
    prompt: id,
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    archive_state: "done",
    created_at: created,
    completed_at: created,
    updated_at: created,
    ...patch,
  });
}

describe("overview", () => {
  beforeAll(async () => {
    await migrated();
    await task("running", ago(0.01), { status: "processing", credits_used: null, completed_at: null, archive_state: "none" });
    await task("today_done", ago(1), {});
    await task("today_failed", ago(2), { status: "failed", credits_used: null, credits_refunded: 44, error_code: "generation_failed" });
    await task("old_failed", ago(24 * 9), { status: "failed", credits_used: null, error_code: "generation_failed" });
    await task("retention_gone", ago(24 * 3), { status: "failed", error_code: "media_deleted", media_deleted_at: ago(1) });
    // Succeeded 6.5 days ago: the upstream deletes its copy in 12 hours.
    await task("expiring_unsaved", ago(24 * 6.5), { archive_state: "failed" });
    await task("expiring_saved", ago(24 * 6.6), {});
    await task("expiring_later", ago(24 * 4), {});
    await task("expired_already", ago(24 * 7.5), {});
  });

  it("counts what runs, spends today, expires soon and failed lately", async () => {
    const view = await overview(USER, NOW);
    expect(view.running.map((t) => t.id)).toEqual(["running"]);
    expect(view.runningTotal).toBe(1);
    // Today (UTC): one success used 44, one failure refunded 44, one task still holds 44.
    expect((await ledgerSnapshot(USER, { now: NOW })).today).toMatchObject({
      since: "2026-06-10T00:00:00.000Z",
      used: 44,
      refunded: 44,
      reservedNow: 44,
      tasks: 3,
    });
    // Not yet archived first: that one needs a download before it goes.
    expect(view.expiring.map((t) => t.id)).toEqual(["expiring_unsaved", "expiring_saved"]);
    // The last 7 days' failures, newest first; a retention deletion is no failure of the generation.
    expect(view.failures.map((t) => t.id)).toEqual(["today_failed"]);
    expect(view.queue.submissions).toEqual([]);
  });
});
