"use client";

import { Columns3 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { errorAt } from "@/components/generate/error-tree";
import type { Submitted } from "@/components/generate/form-fields";
import { newSubmissionId } from "@/components/shared/submission-id";
import { SubmitRefusal } from "@/components/shared/submit-refusal";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { FormSpec } from "@/lib/models/form-specs";
import { useCreateComparison, type NewComparisonInput } from "@/lib/query/comparisons";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS } from "@/lib/schemas/comparison-views";
import type { LearnedValues } from "@/lib/schemas/learned-values";
import { cn } from "@/lib/utils";
import { ColumnSettings } from "./column-settings";
import { columnSettings, compareColumns, type CompareColumn, type CompareSeed } from "./compare-columns";

export type { CompareSeed } from "./compare-columns";

/** Checks a column with its model's schema (its store's check); answers what it would send, or undefined. */
const checkColumn = (column: CompareColumn) =>
  new Promise<Submitted | undefined>((resolve) => {
    void column.store.submit(async (submitted) => resolve(submitted)).then(() => resolve(undefined));
  });

/** Several columns' words for one field: once when they agree, else each with its model's name. */
function joined(messages: { label: string; message: string }[]): string | null {
  if (messages.length === 0) return null;
  if (new Set(messages.map(({ message }) => message)).size === 1) return messages[0]!.message;
  return messages.map(({ label, message }) => `${label}: ${message}`).join("; ");
}

/**
 * One prompt, 2–6 models, each with its own settings (its defaults until changed; the workspace's model starts
 * from its settings there). The comparison's id is made once per distinct request and kept until the server
 * accepts it, so a double click or a retry after a lost answer names the same comparison and is charged once.
 */
export function CompareForm({ seed = {}, forms, learned }: { seed?: CompareSeed; forms: readonly FormSpec[]; learned: LearnedValues }) {
  const id = useId();
  const router = useRouter();
  const [columns] = useState(() => compareColumns({ seed, forms, learned }));
  const seeded = columns.find((column) => column.fromGenerate);
  const [prompt, setPrompt] = useState(seed.prompt ?? "");
  const [chosen, setChosen] = useState<string[]>(seeded ? [seeded.model.id] : []);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [focusRequests, setFocusRequests] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [promptProblem, setPromptProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const promptInput = useRef<HTMLTextAreaElement>(null);
  const attempt = useRef<{ id: string; key: string } | null>(null);
  const create = useCreateComparison();

  const toggle = (model: string, on: boolean) =>
    setChosen((current) => (on ? [...current, model] : current.filter((each) => each !== model)));
  const changePrompt = (text: string) => {
    setPrompt(text);
    setPromptProblem(null);
    // The prompt is every column's: each column's form checks it with its own model's rules.
    for (const column of columns) column.store.setValue("prompt", text);
  };

  /** Puts each column's problems where they belong: the prompt's under the prompt, a setting's in its opened editor. */
  function showProblems(failed: { column: CompareColumn; errors: Record<string, string> }[]): void {
    const prompts = failed.flatMap(({ column, errors }) => (errors.prompt ? [{ label: column.model.label, message: errors.prompt }] : []));
    const elsewhere: { label: string; message: string }[] = [];
    const toOpen: string[] = [];
    for (const { column, errors } of failed) {
      for (const [path, message] of Object.entries(errors)) {
        if (path === "prompt") continue;
        if (column.shown.some((field) => field.name === path.split(".")[0])) toOpen.push(column.model.id);
        else elsewhere.push({ label: column.model.label, message });
      }
    }
    setPromptProblem(joined(prompts));
    if (toOpen.length > 0) {
      setOpen((current) => ({ ...current, ...Object.fromEntries(toOpen.map((model) => [model, true])) }));
      // The cursor goes to the first problem in the form's order: the prompt's, else the first column's setting.
      if (prompts.length === 0) setFocusRequests((current) => ({ ...current, [toOpen[0]!]: (current[toOpen[0]!] ?? 0) + 1 }));
    }
    if (prompts.length > 0) promptInput.current?.focus();
    // What no control shows (a request-wide problem) is said beside the button, with its model's name.
    setProblem(elsewhere.map(({ label, message }) => `${label}: ${message}`).join(" ") || null);
  }

  /** The server's `columns.2.quality` refusals, on the columns they name (what the browser's check could not know). */
  function placeRefusal(error: ApiError, picked: CompareColumn[]): boolean {
    const failed = new Map<CompareColumn, Record<string, string>>();
    for (const [path, message] of Object.entries(error.fields)) {
      const match = /^columns\.(\d+)(?:\.(.+))?$/.exec(path);
      const column = match ? picked[Number(match[1])] : undefined;
      if (!column) return false;
      const field = match![2] ?? "";
      if (field && field !== "prompt") column.store.setError(field, { message });
      failed.set(column, { ...failed.get(column), [field || "column"]: message });
    }
    if (failed.size === 0) return false;
    showProblems([...failed].map(([column, errors]) => ({ column, errors })));
    return true;
  }

  const send = async () => {
    if (create.isPending || checking) return;
    setProblem(null);
    setPromptProblem(null);
    const picked = columns.filter((column) => chosen.includes(column.model.id));
    setChecking(true);
    const checked = await Promise.all(picked.map(checkColumn)).finally(() => setChecking(false));
    const failed = picked.filter((_, i) => !checked[i]);
    if (failed.length > 0) {
      showProblems(
        failed.map((column) => ({
          column,
          errors: Object.fromEntries(
            Object.keys(column.store.errors).flatMap((name) => {
              const message = errorAt(column.store.errors, name) ?? firstMessage(column.store.errors[name]);
              return message ? [[name, message]] : [];
            }),
          ),
        })),
      );
      return;
    }
    const sent: NewComparisonInput["columns"] = picked.map((column) => ({ model: column.model.id, settings: columnSettings(column) }));
    const key = JSON.stringify([prompt, sent]);
    if (attempt.current?.key !== key) attempt.current = { id: newSubmissionId(), key };
    try {
      const { comparison } = await create.mutateAsync({ comparisonId: attempt.current.id, prompt, columns: sent });
      attempt.current = null;
      router.push(`/compare/${comparison.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.code.startsWith("conflict:comparison")) attempt.current = null;
      if (!(error instanceof ApiError && Object.keys(error.fields).length > 0 && placeRefusal(error, picked)))
        setProblem(errorMessage(error));
    }
  };

  const count = chosen.length;
  const promptError = `${id}-prompt-error`;
  return (
    <form
      noValidate
      aria-label="New comparison"
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-prompt`}>Prompt</Label>
        <Textarea
          ref={promptInput}
          id={`${id}-prompt`}
          value={prompt}
          onChange={(event) => changePrompt(event.target.value)}
          placeholder="A lighthouse on a cliff in a storm, waves breaking"
          aria-describedby={cn(`${id}-prompt-help`, promptProblem && promptError)}
          aria-invalid={promptProblem ? true : undefined}
        />
        <p id={`${id}-prompt-help`} className="text-xs text-muted-foreground">
          Every model gets this prompt.
        </p>
        {promptProblem && <FieldError id={promptError}>{promptProblem}</FieldError>}
      </div>
      <fieldset className="grid gap-2" aria-describedby={`${id}-models-help`}>
        <legend className="text-sm font-medium">Models</legend>
        <p id={`${id}-models-help`} className="text-xs text-muted-foreground">
          Choose {COMPARE_MIN_MODELS} to {COMPARE_MAX_MODELS}; each runs with the settings under it, which you can change. {count} chosen.
        </p>
        <ul className="grid items-start gap-2 sm:grid-cols-2">
          {columns.map((column) => {
            const { model } = column;
            const on = chosen.includes(model.id);
            return (
              <li key={model.id} className={cn("grid min-w-0 gap-2 rounded-lg border p-3", on && "border-primary bg-primary/5")}>
                <label className="flex cursor-pointer gap-3 rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
                    checked={on}
                    disabled={!on && count >= COMPARE_MAX_MODELS}
                    onChange={(event) => toggle(model.id, event.target.checked)}
                  />
                  <span className="grid content-start gap-0.5">
                    <span className="text-sm font-medium">
                      {model.label} <span className="font-normal text-muted-foreground">· {model.kind}</span>
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {column.fromGenerate ? "With your settings from Generate." : model.description}
                    </span>
                  </span>
                </label>
                {on && (
                  <ColumnSettings
                    column={column}
                    open={open[model.id] ?? false}
                    onOpenChange={(next) => setOpen((current) => (current[model.id] === next ? current : { ...current, [model.id]: next }))}
                    focusRequest={focusRequests[model.id] ?? 0}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {/* Beside the button and focused: the refusal is where the eye is after the click (issue 45). */}
      <SubmitRefusal message={problem} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" pending={create.isPending || checking}>
          {!(create.isPending || checking) && <Columns3 aria-hidden />}
          Compare {count >= COMPARE_MIN_MODELS ? `${count} models` : ""}
        </Button>
        <p className="text-xs text-muted-foreground">Each model is charged what the API charges it; budgets apply to them together.</p>
      </div>
    </form>
  );
}

/** The first message anywhere under a field (a list's row), for a field whose own node carries none. */
function firstMessage(node: unknown): string | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  for (const value of Object.values(node)) {
    const found = typeof value === "string" ? value : firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
