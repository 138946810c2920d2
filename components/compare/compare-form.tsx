"use client";

import { Columns3 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { preventRepeatSubmit } from "@/components/shared/repeat-click";
import { newSubmissionId } from "@/components/shared/submission-id";
import { SubmitRefusal } from "@/components/shared/submit-refusal";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { MODEL_META, type ModelMeta } from "@/lib/models/meta";
import { useCreateComparison, type NewComparisonInput } from "@/lib/query/comparisons";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS } from "@/lib/schemas/comparison-views";

/** What the workspace's "Compare" hands over: its prompt, and its model with the settings chosen there. */
export interface CompareSeed {
  prompt?: string;
  model?: string;
  settings?: Record<string, unknown>;
}

// Models that take a prompt alone: a comparison shares only the prompt, so a model that needs an input image
// is compared from the workspace, where its form has the image (the seed's settings).
const COMPARABLE = MODEL_META.filter((model) => model.promptOnly);
/** The seed's choice: its model with the workspace's settings, beside the same model with its defaults. */
const SEEDED = "from-generate";

/** A model's defaults: its first mode (text-to-video for the video models with modes), every other field the schema's default. */
const defaults = (model: ModelMeta): Record<string, unknown> => (model.modes ? { mode: model.modes[0]!.value } : {});

/**
 * One prompt, 2–6 models, each with its defaults (or, for the model the workspace sent, its settings there).
 * The comparison's id is made once per distinct request and kept until the server accepts it, so a double
 * click or a retry after a lost answer names the same comparison and is charged once.
 */
export function CompareForm({ seed = {} }: { seed?: CompareSeed }) {
  const id = useId();
  const router = useRouter();
  const seeded = MODEL_META.find((model) => model.id === seed.model);
  const choices = [
    ...(seeded
      ? [{ key: SEEDED, model: seeded, settings: seed.settings ?? defaults(seeded), note: "With your settings from Generate." }]
      : []),
    ...COMPARABLE.map((model) => ({ key: model.id, model, settings: defaults(model), note: model.description })),
  ];
  const [prompt, setPrompt] = useState(seed.prompt ?? "");
  const [chosen, setChosen] = useState<string[]>(seeded ? [SEEDED] : []);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ id: string; key: string } | null>(null);
  const create = useCreateComparison();

  const toggle = (key: string, on: boolean) => setChosen((current) => (on ? [...current, key] : current.filter((each) => each !== key)));

  const send = async () => {
    if (create.isPending) return;
    const columns: NewComparisonInput["columns"] = choices
      .filter((choice) => chosen.includes(choice.key))
      .map(({ model, settings }) => ({ model: model.id, settings }));
    const key = JSON.stringify([prompt, columns]);
    if (attempt.current?.key !== key) attempt.current = { id: newSubmissionId(), key };
    setProblem(null);
    try {
      const { comparison } = await create.mutateAsync({ comparisonId: attempt.current.id, prompt, columns });
      attempt.current = null;
      router.push(`/compare/${comparison.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.code.startsWith("conflict:comparison")) attempt.current = null;
      setProblem(errorMessage(error));
    }
  };

  const count = chosen.length;
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
          id={`${id}-prompt`}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder="A lighthouse on a cliff in a storm, waves breaking"
          aria-describedby={`${id}-prompt-help`}
        />
        <p id={`${id}-prompt-help`} className="text-xs text-muted-foreground">
          Every model gets this prompt.
        </p>
      </div>
      <fieldset className="grid gap-2" aria-describedby={`${id}-models-help`}>
        <legend className="text-sm font-medium">Models</legend>
        <p id={`${id}-models-help`} className="text-xs text-muted-foreground">
          Choose {COMPARE_MIN_MODELS} to {COMPARE_MAX_MODELS}; each runs with its defaults
          {seeded ? `, ${seeded.label} with your settings from Generate` : ""}. {count} chosen.
        </p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {choices.map(({ key, model, note }) => {
            const on = chosen.includes(key);
            return (
              <li key={key}>
                <label className="flex h-full cursor-pointer gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
                    checked={on}
                    disabled={!on && count >= COMPARE_MAX_MODELS}
                    onChange={(event) => toggle(key, event.target.checked)}
                  />
                  <span className="grid content-start gap-0.5">
                    <span className="text-sm font-medium">
                      {model.label}
                      {key === SEEDED ? " (your settings)" : ""} <span className="font-normal text-muted-foreground">· {model.kind}</span>
                    </span>
                    <span className="text-xs text-muted-foreground">{note}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {/* Beside the button and focused: the refusal is where the eye is after the click (issue 45). */}
      <SubmitRefusal message={problem} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" pending={create.isPending} onClick={preventRepeatSubmit}>
          {!create.isPending && <Columns3 aria-hidden />}
          Compare {count >= COMPARE_MIN_MODELS ? `${count} models` : ""}
        </Button>
        <p className="text-xs text-muted-foreground">Each model is charged what the API charges it; budgets apply to them together.</p>
      </div>
    </form>
  );
}
