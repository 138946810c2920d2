// How a sentence names a task to a person: by what it shows (its prompt's start, its model), never by its id,
// which means nothing to them ("Using image 1 of task task_0ceb0a18…", issue 45).
import { modelLabel } from "@/lib/models/labels";

/** How much of a prompt names its task: a line's worth, cut at a word. */
const PROMPT_CHARS = 48;

/** The start of a prompt, cut at a word within PROMPT_CHARS characters and marked with "…" when cut. */
export function promptStart(prompt: string): string {
  const text = prompt.replace(/\s+/g, " ").trim();
  if (text.length <= PROMPT_CHARS) return text;
  const cut = text.slice(0, PROMPT_CHARS);
  const space = cut.lastIndexOf(" ");
  // A prompt with no space early on (a long URL, a language written without spaces) is cut where it stands.
  return `${(space >= PROMPT_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** "“a lighthouse at dawn” (Gamma 5 Pro)", or "an Epsilon v6 video" when it had no prompt. */
export function taskName(task: { prompt?: string | null; model: string; kind: "image" | "video" }): string {
  const prompt = task.prompt?.trim();
  const label = modelLabel(task.model);
  if (prompt) return `“${promptStart(prompt)}” (${label})`;
  return `${/^[aeiou]/i.test(label) ? "an" : "a"} ${label} ${task.kind}`;
}
