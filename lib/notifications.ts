// Which server events become browser notifications: one when a task finishes, one when every run of a
// "Runs: N" submission (submissions sharing a runs id) has finished. Pure logic with its I/O
// passed in, so it is tested without a browser; lib/notifications-browser.ts wires it to fetch and Notification.

export interface Note {
  title: string;
  body: string;
  /** The same tag replaces an earlier notification instead of stacking a second one. */
  tag: string;
}

export interface TaskInfo {
  id: string;
  model: string;
  status: string;
  prompt: string | null;
}

export interface SubmissionInfo {
  id: string;
  state: string;
  taskId: string | null;
  runsId: string | null;
  prompt: string | null;
}

export interface NotifierDeps {
  fetchTask(id: string): Promise<TaskInfo | null>;
  fetchSubmission(id: string): Promise<SubmissionInfo | null>;
  /** Submissions still waiting in the queue (a batch's runs not sent yet have sent no event); null when unknown. */
  fetchWaiting(): Promise<SubmissionInfo[] | null>;
  show(note: Note): void;
}

type Outcome = "succeeded" | "failed" | "not sent";

/** A task is finished for the person waiting on it once it failed, or succeeded and is in the archive. */
export function finishedOutcome(event: { status?: string; archive?: string }): "succeeded" | "failed" | null {
  if (event.status === "failed") return "failed";
  if (event.status === "succeeded" && (event.archive === "done" || event.archive === "failed")) return "succeeded";
  return null;
}

/** Submissions that will never make a task: refused upstream or cancelled while waiting. */
const NEVER_SENT = new Set(["rejected", "cancelled"]);

export function excerpt(prompt: string | null, max = 80): string {
  const text = (prompt ?? "").replace(/\s+/g, " ").trim();
  if (!text) return "(no prompt)";
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function taskNote(task: TaskInfo, outcome: "succeeded" | "failed"): Note {
  return {
    title: outcome === "succeeded" ? "Task finished" : "Task failed",
    body: `${task.model}: ${excerpt(task.prompt)}`,
    tag: `task:${task.id}`,
  };
}

export function runsNote(runsId: string, prompt: string | null, outcomes: Outcome[]): Note {
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
  const parts = [
    `${count("succeeded")} succeeded`,
    count("failed") ? `${count("failed")} failed` : "",
    count("not sent") ? `${count("not sent")} not sent` : "",
  ].filter(Boolean);
  return { title: `All ${outcomes.length} runs finished`, body: `${parts.join(", ")}: ${excerpt(prompt)}`, tag: `runs:${runsId}` };
}

export interface Notifier {
  onTask(event: { id: string; status?: string; archive?: string }): Promise<void>;
  onSubmission(event: { id: string }): Promise<void>;
}

export function createNotifier(deps: NotifierDeps): Notifier {
  /** Task id → how it finished; also remembers what was announced (a success is reported twice: upstream, then archived). */
  const finished = new Map<string, "succeeded" | "failed">();
  /** Batch id → its submissions (id → state and task), as far as this page has seen. */
  const batches = new Map<string, { prompt: string | null; members: Map<string, { state: string; taskId: string | null }> }>();
  const announced = new Set<string>();

  const outcomeOf = (member: { state: string; taskId: string | null }): Outcome | null =>
    NEVER_SENT.has(member.state) ? "not sent" : member.taskId ? (finished.get(member.taskId) ?? null) : null;

  async function checkRuns(runsId: string): Promise<void> {
    const batch = batches.get(runsId);
    if (!batch || announced.has(runsId)) return;
    const outcomes = [...batch.members.values()].map(outcomeOf);
    if (outcomes.some((o) => o === null)) return;
    // Everything seen has finished; runs still in the queue have not been seen yet.
    const queue = await deps.fetchWaiting();
    if (!queue) return; // better no notification than a premature one; the next event checks again
    const waiting = queue.filter((s) => s.runsId === runsId);
    if (waiting.length > 0) {
      for (const s of waiting) batch.members.set(s.id, { state: s.state, taskId: s.taskId });
      return;
    }
    if (announced.has(runsId)) return;
    announced.add(runsId);
    deps.show(runsNote(runsId, batch.prompt, outcomes as Outcome[]));
  }

  const runsOfTask = (taskId: string) =>
    [...batches.entries()].find(([, b]) => [...b.members.values()].some((m) => m.taskId === taskId))?.[0];

  return {
    async onTask(event) {
      const outcome = finishedOutcome(event);
      if (!outcome || finished.has(event.id)) return;
      finished.set(event.id, outcome);
      const task = await deps.fetchTask(event.id);
      if (task) deps.show(taskNote(task, outcome));
      const runsId = runsOfTask(event.id);
      if (runsId) await checkRuns(runsId);
    },
    async onSubmission(event) {
      const submission = await deps.fetchSubmission(event.id);
      if (!submission?.runsId) return; // a single run: its task's own notification says it all
      const batch = batches.get(submission.runsId) ?? { prompt: submission.prompt, members: new Map() };
      batches.set(submission.runsId, batch);
      batch.members.set(submission.id, { state: submission.state, taskId: submission.taskId });
      await checkRuns(submission.runsId);
    },
  };
}
