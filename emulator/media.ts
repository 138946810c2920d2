// Result media: rendered in the background after acceptance, kept as files, served under /media/.
import { mkdirSync } from "node:fs";
import { readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderImage } from "./render/image";
import { FPS, renderVideo } from "./render/video";
import type { TaskRecord } from "./store";

/**
 * How results are drawn: "full" cards (gradients, 24 frames a second), or "quick" ones for the tests (a flat
 * background, 8 frames a second: the same sizes, lengths, text and motion at a fraction of the CPU).
 */
export type RenderMode = "full" | "quick";

export const CONTENT_TYPE = { png: "image/png", jpeg: "image/jpeg", mp4: "video/mp4" } as const;
export type MediaExt = keyof typeof CONTENT_TYPE;

interface RenderJob {
  started: boolean;
  /** Resolves when the render has ended, well or not. */
  done: Promise<void>;
  run: () => Promise<void>;
}

export class MediaLibrary {
  // Videos render one at a time (two cores); images have their own line so a long video never holds them up.
  private readonly lines: Record<"image" | "video", Promise<void>> = { image: Promise.resolve(), video: Promise.resolve() };
  private urgent: Promise<void> = Promise.resolve();
  private closed = false;
  /** Renders queued or running, by task id. */
  private readonly jobs = new Map<string, RenderJob>();

  constructor(
    readonly dir: string,
    private readonly onRendered: (task: TaskRecord, error?: string) => void,
    private readonly mode: RenderMode = "full",
  ) {
    mkdirSync(dir, { recursive: true });
  }

  filePath(id: string, ext: MediaExt): string {
    return path.join(this.dir, `${id}.${ext}`);
  }

  extOf(task: TaskRecord): MediaExt {
    return task.output.kind === "video" ? "mp4" : task.output.format;
  }

  /** Queues the task's render (ahead of time, at creation); a second call while it is queued does nothing. */
  render(task: TaskRecord): Promise<void> {
    const queued = this.jobs.get(task.id);
    if (queued) return queued.done;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const job: RenderJob = {
      started: false,
      done,
      run: async () => {
        // Started already (a fetch jumped the line): wait for it here, so the line stays one render deep.
        if (job.started) return done;
        job.started = true;
        try {
          if (!this.closed) await this.renderFiles(task);
          if (!this.closed) this.onRendered(task);
        } catch (error) {
          if (!this.closed) this.onRendered(task, error instanceof Error ? error.message : String(error));
        } finally {
          this.jobs.delete(task.id);
          finished();
        }
      },
    };
    this.jobs.set(task.id, job);
    this.lines[task.kind] = this.lines[task.kind].then(job.run);
    return done;
  }

  /**
   * Resolves once the task's files exist: a media URL fetched before its render is done waits for it
   * (rendering is not part of the lifecycle). A render still queued moves to the urgent line, ahead of the rest;
   * one lost to a restart, or one that failed, starts again.
   */
  async ensure(task: TaskRecord): Promise<void> {
    if (task.media.ready) return;
    const done = this.render(task);
    const job = this.jobs.get(task.id);
    // One urgent line beside the two background ones, so fetches never start more than one extra render at a time.
    if (job && !job.started) this.urgent = this.urgent.then(job.run);
    await done;
  }

  private async renderFiles(task: TaskRecord): Promise<void> {
    const { output } = task;
    const prompt = String(task.params.prompt ?? "");
    const seed = task.id;
    if (output.kind === "video") {
      const label = `${task.model} · ${output.width}×${output.height} · ${output.seconds}s`;
      const id = task.media.ids[0] ?? "";
      await renderVideo({
        width: output.width,
        height: output.height,
        seconds: output.seconds,
        // A third of the frames: the same length and motion, a third of the encoding.
        fps: this.mode === "quick" ? 8 : FPS,
        plain: this.mode === "quick",
        prompt,
        label,
        seed,
        outPath: this.filePath(id, "mp4"),
      });
      return;
    }
    for (const [index, id] of task.media.ids.entries()) {
      const label = `${task.model} · ${output.width}×${output.height}${task.media.ids.length > 1 ? ` · ${index + 1}/${task.media.ids.length}` : ""}`;
      const bytes = await renderImage({
        width: output.width,
        height: output.height,
        format: output.format,
        prompt,
        label,
        seed: `${seed}:${index}`,
        plain: this.mode === "quick",
      });
      await writeFile(this.filePath(id, output.format), bytes);
    }
  }

  async size(id: string, ext: MediaExt): Promise<number | undefined> {
    try {
      return (await stat(this.filePath(id, ext))).size;
    } catch {
      return undefined;
    }
  }

  async remove(task: TaskRecord): Promise<void> {
    const ext = this.extOf(task);
    await Promise.all(task.media.ids.map((id) => rm(this.filePath(id, ext), { force: true })));
  }

  /**
   * Removes every file, leaving the folder: a render that finishes meanwhile may write into it (removing the
   * folder itself then failed with ENOTEMPTY), and its task, gone with the reset, removes that file itself.
   */
  async clearFiles(): Promise<void> {
    const names = await readdir(this.dir).catch(() => []);
    await Promise.all(names.map((name) => rm(path.join(this.dir, name), { recursive: true, force: true })));
    mkdirSync(this.dir, { recursive: true });
  }

  /** Stops taking work and waits for what is rendering now. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...Object.values(this.lines), this.urgent]);
  }
}
