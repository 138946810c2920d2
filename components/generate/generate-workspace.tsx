"use client";

import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { getModel, MODELS } from "@/lib/models/catalogue";
import { NOTHING_LEARNED, type LearnedValues } from "@/lib/schemas/learned-values";
import type { SubmissionView } from "@/lib/schemas/views";
import { entryHref, type Entry } from "@/components/shared/entry-links";
import type { FormValues } from "./form-values";
import { GenerationForm, type FieldRefusal } from "./generation-form";
import { ModelPicker } from "./model-picker";
import { readChoice, readDraft, readTracked, writeChoice, writeTracked, type Choice, type Tracked } from "./session-store";
import { SubmissionList } from "./submission-list";
import { useEntryPrefill } from "./use-entry-prefill";
import { useLiveUpdates } from "@/components/shared/use-live-updates";

const subscribeNever = () => () => {};

/** A known model, with a mode it has (its first when none or an unknown one is given). */
function validChoice(choice: Choice | undefined): Choice | undefined {
  const model = choice && getModel(choice.model);
  if (!model) return undefined;
  if (!("modes" in model)) return { model: model.id };
  return { model: model.id, mode: model.modes.find((mode) => mode.value === choice.mode)?.value ?? model.modes[0].value };
}

/**
 * The Generate page's client part. Drafts live in this tab's sessionStorage, so it renders only in the browser.
 * `learned`: what the API's 422s taught about values the spec leaves open, which the form follows.
 */
export function GenerateWorkspace({ entry, learned = NOTHING_LEARNED }: { entry?: Entry; learned?: LearnedValues }) {
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  // A new entry link (Remix, Extend) starts over from that task rather than from what was picked before.
  return mounted ? (
    <Workspace key={entry ? entryHref(entry) : "blank"} entry={entry} learned={learned} />
  ) : (
    <div aria-hidden className="h-96 animate-pulse rounded-xl border bg-card/60" />
  );
}

function Workspace({ entry, learned }: { entry?: Entry; learned: LearnedValues }) {
  const prefill = useEntryPrefill(entry);
  const [stored] = useState(() => validChoice(readChoice()) ?? validChoice({ model: MODELS[0].id })!);
  const [picked, setPicked] = useState<Choice | null>(null);
  const [carriedPrompt, setCarriedPrompt] = useState<string | undefined>();
  const [tracked, setTracked] = useState(readTracked);
  const [announcement, setAnnouncement] = useState("");
  const [refusal, setRefusal] = useState<FieldRefusal | undefined>();
  const prompt = useRef<string | undefined>(undefined);
  useLiveUpdates();

  const fromEntry = prefill.status === "done" && prefill.ok ? validChoice(prefill.choice) : undefined;
  const choice = picked ?? fromEntry ?? stored;
  const model = getModel(choice.model)!;
  const usePrefill = picked === null && fromEntry !== undefined && prefill.status === "done" && prefill.ok;

  function choose(next: Choice) {
    const valid = validChoice(next);
    if (!valid) return;
    // The prompt travels with the person to another model or mode unless that one has its own draft.
    setCarriedPrompt(prompt.current);
    setRefusal(undefined);
    setPicked(valid);
    writeChoice(valid);
  }

  const rememberPrompt = useCallback((values: FormValues) => {
    prompt.current = typeof values.prompt === "string" ? values.prompt : undefined;
  }, []);

  function showRefusal(submission: Tracked) {
    const { error } = submission;
    if (!error?.field) return;
    if (submission.model !== choice.model || submission.mode !== choice.mode) choose({ model: submission.model, mode: submission.mode });
    // A new object each time, so showing the same refusal again marks the field again.
    setRefusal({ field: error.field, message: error.message ?? "The generation service refused this value." });
  }

  function onSubmitted(submissions: SubmissionView[]) {
    writeChoice(choice);
    const fresh = submissions.map((submission) => ({ ...submission, mode: choice.mode }));
    // From the latest list, not this render's: the answer may arrive after other changes. (Writing the same list twice is harmless.)
    setTracked((current) => writeTracked([...fresh, ...current.filter((item) => !fresh.some((submission) => submission.id === item.id))]));
    const first = submissions[0];
    setAnnouncement(
      submissions.length === 1 && first?.position
        ? `Submitted. Waiting in the queue at position ${first.position}.`
        : `Submitted ${submissions.length === 1 ? "1 request" : `${submissions.length} runs`}.`,
    );
  }

  const form =
    prefill.status === "loading" ? (
      <p className="text-sm text-muted-foreground">Loading the task…</p>
    ) : (
      <GenerationForm
        key={`${choice.model}:${choice.mode ?? ""}:${usePrefill ? "entry" : "draft"}`}
        entry={model}
        mode={choice.mode}
        sources={usePrefill ? [prefill.values] : [readDraft(choice), carriedPrompt === undefined ? undefined : { prompt: carriedPrompt }]}
        onSubmitted={onSubmitted}
        onValues={rememberPrompt}
        refusal={refusal}
        learned={learned}
      />
    );

  return (
    <div className="grid gap-8">
      {prefill.status === "done" &&
        (prefill.ok ? (
          <Alert role="status">{prefill.notice}</Alert>
        ) : (
          <Alert tone="warning" role="alert">
            {prefill.problem}
          </Alert>
        ))}
      <ModelPicker value={choice.model} onChange={(id) => choose({ model: id })} />
      <Card>
        <CardHeader>
          <CardTitle>{model.label}</CardTitle>
          <CardDescription>{model.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {"modes" in model ? (
            <Tabs value={choice.mode} onValueChange={(mode) => choose({ model: model.id, mode })} className="grid gap-5">
              <TabsList aria-label="Mode" className="w-fit">
                {model.modes.map((mode) => (
                  <TabsTrigger key={mode.value} value={mode.value}>
                    {mode.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {model.modes.map((mode) => (
                <TabsContent key={mode.value} value={mode.value} className="grid gap-5">
                  <p className="text-sm text-muted-foreground">{mode.description}</p>
                  {mode.value === choice.mode && form}
                </TabsContent>
              ))}
            </Tabs>
          ) : (
            form
          )}
        </CardContent>
      </Card>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <SubmissionList
        tracked={tracked}
        onShowField={showRefusal}
        onClear={() => {
          setTracked(writeTracked([]));
          setAnnouncement("Stopped following the submissions. They go on in Tasks.");
        }}
      />
    </div>
  );
}
