import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kind, ModelId, OutputSpec, Plan } from "./types";

export interface Account {
  apiKey: string;
  plan: Plan;
  credits: number;
  disabled: boolean;
}

/** How the emulator plays a task, chosen by scenario words in the prompt. */
export type Scenario = "normal" | "fail" | "hang" | "slow";
export type TaskStatus = "pending" | "processing" | "succeeded" | "failed";

export interface TaskPhase {
  status: "pending" | "processing";
  at: number;
}

export interface TaskRecord {
  id: string;
  apiKey: string;
  model: ModelId;
  kind: Kind;
  params: Record<string, unknown>;
  output: OutputSpec;
  scenario: Scenario;
  creditsReserved: number;
  status: TaskStatus;
  createdAt: number;
  updatedAt: number;
  /** When processing starts (the first phase of that status); kept for states saved before phases existed. */
  startAt: number;
  /** The live statuses the task goes through and when each begins, fixed at creation (profile initialStatus, requeue). */
  phases?: TaskPhase[];
  /** promptBlocked "task": failed with prompt_blocked at creation, nothing charged, nothing to refund. */
  blocked?: boolean;
  /** When generation is done; null for a task that never finishes. */
  finishAt: number | null;
  deadlineAt: number;
  media: { ids: string[]; ready: boolean; readyAt?: number; error?: string };
  succeededAt?: number;
  failure?: { reason: "generation" | "deadline" | "render"; at: number; settleAt: number; refundedAt?: number };
  mediaDeletedAt?: number;
  /** What the last refresh showed; retrievals within 5 s of snapshotAt answer it again. */
  snapshot: Record<string, unknown>;
  snapshotAt: number;
}

export interface IdempotencyRecord {
  taskId: string;
  /** The body as a canonical JSON string: key order and white space do not matter. */
  body: string;
  /** The endpoint it was used on ("videos", "images", "legacy"). */
  scope: string;
}

export interface MediaRecord {
  taskId: string;
  ext: "png" | "jpeg" | "mp4";
}

export interface State {
  clockOffsetMs: number;
  accounts: Record<string, Account>;
  tasks: Record<string, TaskRecord>;
  /** Keyed by `${apiKey}\n${idempotencyKey}`. */
  idempotency: Record<string, IdempotencyRecord>;
  media: Record<string, MediaRecord>;
}

/** Records keyed by strings that clients choose (API keys, ids): no prototype, so "__proto__" or "constructor" is just a key. */
function dict<T>(entries: Record<string, T> = {}): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

export function emptyState(saved: Partial<State> = {}): State {
  return {
    clockOffsetMs: saved.clockOffsetMs ?? 0,
    accounts: dict(saved.accounts),
    tasks: dict(saved.tasks),
    idempotency: dict(saved.idempotency),
    media: dict(saved.media),
  };
}

/** Keeps the state in memory and, with a data directory, in state.json there (written atomically, debounced). */
export class Store {
  state: State;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly dataDir?: string) {
    this.state = emptyState();
    if (!dataDir) return;
    mkdirSync(dataDir, { recursive: true });
    try {
      this.state = emptyState(JSON.parse(readFileSync(this.file, "utf8")) as Partial<State>);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  private get file(): string {
    return path.join(this.dataDir ?? "", "state.json");
  }

  /** Marks the state changed; it reaches the disk within 100 ms. */
  changed(): void {
    if (!this.dataDir || this.timer) return;
    this.timer = setTimeout(() => this.flush(), 100);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dataDir) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }
}

/** JSON with object keys sorted, so that two bodies that mean the same compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
