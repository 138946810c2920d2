// What the browser receives about comparisons (the Compare pages and the routes behind them): client-safe,
// no zod, so the pages that only show comparisons do not load the models' schemas.
import type { SettingWords } from "@/lib/models/setting-words";
import type { SubmissionView, TaskView } from "./views";

/** A comparison sends one prompt to this many models, no fewer and no more. */
export const COMPARE_MIN_MODELS = 2;
export const COMPARE_MAX_MODELS = 6;
/** A comparison's id: a UUID made by the form, so a double click or a resend names the same one. */
export const COMPARISON_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ComparisonColumnView {
  /** 0-based place of the column; a re-run keeps it. */
  column: number;
  model: string;
  kind: "image" | "video";
  /** How many times this column was sent (1, or more after re-runs); the view shows the latest. */
  runs: number;
  /**
   * The settings it ran with (its latest run's request as stored with the submission), in its form's words:
   * two columns of one model differ here, and a column shows what a person chose, not only the model's name.
   */
  settings: SettingWords[];
  submission: SubmissionView;
  /** The latest run's task once the API accepted it, with its results. */
  task: TaskView | null;
}

export interface ComparisonView {
  id: string;
  prompt: string;
  createdBy: { id: string; name: string | null };
  createdAt: string;
  /** The submission of the picked column (any of its runs), or null. */
  favourite: string | null;
  columns: ComparisonColumnView[];
}

export interface ComparisonSummary {
  id: string;
  prompt: string;
  createdBy: { id: string; name: string | null };
  createdAt: string;
  /** How many models it compares. */
  models: number;
  favourite: string | null;
}
