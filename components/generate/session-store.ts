// What the Generate page keeps for this browser tab: a draft per model and mode, the last choice, and
// the submissions it is following. sessionStorage, so it survives navigating away and back (and a
// reload) but never leaks into another tab or outlives the tab. Storage can be full or switched off:
// then the page simply forgets.
import type { SubmissionView } from "@/lib/schemas/views";
import type { FormValues } from "./form-values";

const PREFIX = "darkroom:generate:";
/** Enough cards to follow a batch of runs without the list growing forever. */
const MAX_TRACKED = 20;

function read<T>(key: string): T | undefined {
  try {
    const text = window.sessionStorage.getItem(PREFIX + key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the draft is a convenience, not a record.
  }
}

export interface Choice {
  model: string;
  mode?: string;
}

const draftKey = ({ model, mode }: Choice) => `draft:${model}:${mode ?? ""}`;

export function readDraft(choice: Choice): FormValues | undefined {
  const draft = read<unknown>(draftKey(choice));
  return typeof draft === "object" && draft !== null && !Array.isArray(draft) ? (draft as FormValues) : undefined;
}

export function writeDraft(choice: Choice, values: FormValues): void {
  write(draftKey(choice), values);
}

export function readChoice(): Choice | undefined {
  const choice = read<Partial<Choice>>("choice");
  return typeof choice?.model === "string"
    ? { model: choice.model, ...(typeof choice.mode === "string" ? { mode: choice.mode } : {}) }
    : undefined;
}

export function writeChoice(choice: Choice): void {
  write("choice", choice);
}

/** A submission the page follows, as the server first described it. */
export type Tracked = SubmissionView & { mode?: string };

export function readTracked(): Tracked[] {
  const tracked = read<unknown>("tracked");
  return Array.isArray(tracked) ? (tracked as Tracked[]).filter((item) => typeof item?.id === "string").slice(0, MAX_TRACKED) : [];
}

export function writeTracked(tracked: readonly Tracked[]): Tracked[] {
  const kept = tracked.slice(0, MAX_TRACKED);
  write("tracked", kept);
  return kept;
}
