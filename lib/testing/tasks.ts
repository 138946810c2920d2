// Task-engine rows for route tests: a task with archived files, tasks to hide, and queued submissions
// owned by each member, written straight through the data-access layer.
import { Readable } from "node:stream";
import sharp from "sharp";
import { database } from "@/lib/db";
import { mediaStore } from "@/lib/media/store";
import { insertDownload } from "@/lib/db/downloads";
import { insertSubmissions } from "@/lib/db/submissions";
import { insertTask, updateResult, updateTask, upsertResults } from "@/lib/db/tasks";
import type { Team } from "./app";

type Owner = "admin" | "member";

export interface TaskFixtures {
  taskId: string;
  /** Succeeded, but its archive attempts gave up. */
  archiveFailed: string;
  hide: Record<Owner, string>;
  /** A stored ZIP selection of taskId per role, each asked for by that role's member. */
  downloads: Record<"admin" | "member" | "viewer", string>;
  submissions: { view: string; cancel: Record<Owner, string>; front: Record<Owner, string> };
}

const now = () => new Date().toISOString();

async function task(id: string, userId: string): Promise<void> {
  await insertTask(database().db, {
    id,
    user_id: userId,
    model: "gamma-5-pro",
    kind: "image",
    params: JSON.stringify({ model: "gamma-5-pro", prompt: "a lighthouse" }),
    prompt: "a lighthouse",
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    archive_state: "done",
    created_at: now(),
    updated_at: now(),
  });
}

async function queued(id: string, userId: string, position: number): Promise<void> {
  const body = JSON.stringify({ model: "gamma-5-pro", prompt: "a lighthouse" });
  await insertSubmissions(database().db, [
    {
      id,
      user_id: userId,
      model: "gamma-5-pro",
      kind: "image",
      endpoint: "images",
      params: body,
      body,
      idempotency_key: `key-${id}`,
      state: "queued",
      position,
      next_attempt_at: now(),
      created_at: now(),
      updated_at: now(),
    },
  ]);
}

export async function seedTaskFixtures(team: Team): Promise<TaskFixtures> {
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const file = "task_fixture_view/0.png";
  const thumbnail = "task_fixture_view/0.thumb.webp";
  await mediaStore().put(file, Readable.from([image]), "image/png");
  await mediaStore().put(thumbnail, Readable.from([await sharp(image).webp().toBuffer()]), "image/webp");

  const taskId = "task_fixture_view";
  await task(taskId, team.member.member.id);
  await upsertResults(database().db, { taskId, urls: [{ url: "https://upstream.example/result.png" }] });
  await updateResult(database().db, { taskId, idx: 0, file, thumbnail, content_type: "image/png", bytes: 100, width: 8, height: 8 });

  const archiveFailed = "task_fixture_archive_failed";
  await task(archiveFailed, team.member.member.id);
  await updateTask(database().db, {
    id: archiveFailed,
    archive_state: "failed",
    archive_attempts: 8,
    archive_error: "The download failed.",
  });

  const hide = { admin: "task_fixture_hide_admin", member: "task_fixture_hide_member" };
  const submissions = {
    view: "sub-view",
    cancel: { admin: "sub-cancel-admin", member: "sub-cancel-member" },
    front: { admin: "sub-front-admin", member: "sub-front-member" },
  };
  for (const owner of ["admin", "member"] as const) {
    await task(hide[owner], team[owner].member.id);
    await queued(submissions.cancel[owner], team[owner].member.id, 10);
    await queued(submissions.front[owner], team[owner].member.id, 11);
  }
  await queued(submissions.view, team.member.member.id, 12);
  const downloads = { admin: "dl-fixture-admin", member: "dl-fixture-member", viewer: "dl-fixture-viewer" };
  for (const role of ["admin", "member", "viewer"] as const) {
    await insertDownload(database().db, {
      id: downloads[role],
      user_id: team[role].member.id,
      task_ids: JSON.stringify([taskId]),
      created_at: now(),
      name: null,
    });
  }
  return { taskId, archiveFailed, hide, downloads, submissions };
}
