"use client";

import { useQueries, useQuery } from "@/lib/query/react";
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getModelMeta } from "@/lib/models/meta";
import { submissionQueryOptions } from "@/lib/query/submissions";
import { recentOwnTasksOptions } from "@/lib/query/recent-tasks";
import { taskQueryOptions } from "@/lib/query/tasks";
import type { RecentCharge } from "@/lib/schemas/charges";
import { NOTHING_LEARNED, type LearnedValues } from "@/lib/schemas/learned-values";
import type { SubmissionView, TaskView } from "@/lib/schemas/views";
import { entryHref, type Entry } from "@/components/shared/entry-links";
import { LightboxProvider } from "@/components/shared/lightbox/lightbox-provider";
import { Toast, type ToastMessage } from "@/components/shared/toast";
import { defaultChoice } from "./default-model";
import type { FormSpec } from "@/lib/models/form-specs";
import type { FormValues } from "./form-values";
import { fieldsOf, FormsContext, useForms } from "./forms-context";
import { preloadImageDrop } from "./image-drop-zone";
import { GenerationForm, loadEndpointField, type FieldRefusal } from "./generation-form";
import { ModelPicker } from "./model-picker";
import { RecentResultsSlot } from "./recent-results-slot";
import { readChoice, readDraft, readTracked, writeChoice, writeTracked, type Choice, type Tracked } from "./session-store";
import { EntryNoticeText } from "./entry-notice-text";
import { useEntryPrefill } from "./use-entry-prefill";
import { preloadWidgets, useWidgetsReady } from "./widget-map";
import { useLiveUpdates } from "@/components/shared/use-live-updates";

// Loaded when first needed, or once someone starts on the form (so that nothing then waits for them): the cards
// of the submissions made from this tab (none when the page opens), the mode tabs of models that have modes
// (the page opens on one without), image uploads, and the controls the first form has none of (widget-map.ts).
const loadSubmissionList = () => import("./submission-list");
const SubmissionList = lazy(() => loadSubmissionList().then((module) => ({ default: module.SubmissionList })));
const loadModeTabs = () => import("./mode-tabs");
const ModeTabs = lazy(() => loadModeTabs().then((module) => ({ default: module.ModeTabs })));
const preload = () => {
  void Promise.all([loadSubmissionList(), loadModeTabs(), loadEndpointField()]);
  preloadImageDrop();
  preloadWidgets();
};

/** A known model, with a mode it has (its first when none or an unknown one is given). */
function validChoice(choice: Choice | undefined): Choice | undefined {
  const model = choice && getModelMeta(choice.model);
  if (!model) return undefined;
  if (!("modes" in model)) return { model: model.id };
  return { model: model.id, mode: model.modes.find((mode) => mode.value === choice.mode)?.value ?? model.modes[0].value };
}

const NO_CHARGES: readonly RecentCharge[] = [];

interface GenerateWorkspaceProps {
  entry?: Entry;
  /** Every model's form, read off the schemas on the server. */
  forms: readonly FormSpec[];
  /** What the API's 422s taught about values the spec leaves open, which the form follows. */
  learned?: LearnedValues;
  /** What the team's recent tasks were charged: prices shown before a submit, and the default model. */
  charges?: readonly RecentCharge[];
  /** The signed-in member, whose recent results fill the results column. */
  memberId: string;
}

/** The Generate page's client part. Drafts live in this tab's sessionStorage, so it renders only in the browser. */
export function GenerateWorkspace({ entry, forms, learned = NOTHING_LEARNED, charges = NO_CHARGES, memberId }: GenerateWorkspaceProps) {
  // Mounted in a transition, which React renders in slices that yield to the browser: mounted at once, the whole
  // workspace was one long task (≈ 400 ms at a phone's speed), blocking input while the page loaded.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  // A new entry link (Remix, Extend) starts over from that task rather than from what was picked before.
  return mounted ? (
    <FormsContext value={forms}>
      <Workspace key={entry ? entryHref(entry) : "blank"} entry={entry} learned={learned} charges={charges} memberId={memberId} />
    </FormsContext>
  ) : (
    // data-wide, as the workspace's grid has: the page's column is as wide before it mounts as after (narrower,
    // the whole page moved sideways when it mounted: a desktop's layout shift of 0.026, issue 28).
    <div aria-hidden data-wide className="h-96 animate-pulse rounded-xl border bg-card/60" />
  );
}

type WorkspaceProps = Required<Omit<GenerateWorkspaceProps, "entry" | "forms">> & { entry?: Entry };

// Ctrl/Cmd+Enter submits from anywhere in the form column, the model picker included (the form itself
// handles it inside, where plain Enter is also kept from submitting).
function submitFromColumn(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
  if (event.target instanceof Element && event.target.closest("form")) return;
  const form = event.currentTarget.querySelector("form");
  if (!form) return;
  event.preventDefault();
  form.requestSubmit();
}

/** "Queued: position 2" from the submission answer (the engine's queue position; nothing is guessed beyond it). */
function queuedMessage(submissions: readonly SubmissionView[]): string {
  const first = submissions[0];
  if (submissions.length > 1) return `Queued ${submissions.length} runs${first?.position ? `: first at position ${first.position}` : ""}`;
  if (first?.state === "accepted" || first?.taskId) return "Sent: the generation service accepted it";
  return first?.position ? `Queued: position ${first.position}` : "Queued";
}

function Workspace({ entry, learned, charges, memberId }: WorkspaceProps) {
  const prefill = useEntryPrefill(entry);
  const [stored] = useState(() => validChoice(readChoice()) ?? validChoice(defaultChoice(charges))!);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [reveal, setReveal] = useState<string | undefined>();
  // Only the form shown when the page opens takes the cursor; one reached by changing model leaves it put.
  const [focusFirst, setFocusFirst] = useState(() => entry === undefined);
  const [picked, setPicked] = useState<Choice | null>(null);
  const [carriedPrompt, setCarriedPrompt] = useState<string | undefined>();
  const [tracked, setTracked] = useState(readTracked);
  const [refusal, setRefusal] = useState<FieldRefusal | undefined>();
  const prompt = useRef<string | undefined>(undefined);
  // Someone has started on the form: what loads lazily is fetched now, so that nothing then waits for them.
  const [engaged, setEngaged] = useState(false);
  const engage = () => {
    preload();
    // Once, and in a transition: set at once in the capture of the first keystroke's input event, the re-render
    // came before the field took the keystroke, and an entry link's form lost the first text typed into it.
    if (!engaged) startTransition(() => setEngaged(true));
  };
  useLiveUpdates();
  const results = useWorkspaceResults(tracked, memberId);

  const fromEntry = prefill.status === "done" && prefill.ok ? validChoice(prefill.choice) : undefined;
  // An entry link's model is known only once its task has loaded. Until then no model is shown as chosen: the
  // last one picked showed selected meanwhile, then faded out as the entry's faded in, and for a moment two
  // cards looked selected (issue 45).
  const awaitingEntry = prefill.status === "loading" && picked === null;
  const choice = picked ?? fromEntry ?? stored;
  const model = getModelMeta(choice.model)!;
  const fields = fieldsOf(useForms(), choice.model, choice.mode);
  const usePrefill = picked === null && fromEntry !== undefined && prefill.status === "done" && prefill.ok;
  const controls = useWidgetsReady(fields);

  function choose(next: Choice) {
    const valid = validChoice(next);
    if (!valid) return;
    // The prompt travels with the person to another model or mode unless that one has its own draft.
    setCarriedPrompt(prompt.current);
    // The next form is a new one (keyed by model and mode): it must not pull the cursor off the picker or tabs.
    setFocusFirst(false);
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
    setToast((current) => ({ id: (current?.id ?? 0) + 1, text: queuedMessage(submissions) }));
    setReveal(submissions[0]?.id);
  }

  const form = !fields ? (
    <Alert tone="warning" role="alert">
      Darkroom has no form for {model.label}
      {choice.mode ? ` in ${choice.mode}` : ""}. Reload the page.
    </Alert>
  ) : controls === "failed" ? (
    <Alert tone="warning" role="alert">
      Could not load this form&apos;s controls. Check your connection and reload the page.
    </Alert>
  ) : !controls ? (
    // The controls this form needs are loading (a moment, once): its place is held as the mode tabs' is.
    <div aria-hidden className="h-72 animate-pulse rounded-lg bg-muted/50 motion-reduce:animate-none" />
  ) : (
    <GenerationForm
      key={`${choice.model}:${choice.mode ?? ""}:${usePrefill ? "entry" : "draft"}`}
      model={model}
      mode={choice.mode}
      fields={fields}
      sources={usePrefill ? [prefill.values] : [readDraft(choice), carriedPrompt === undefined ? undefined : { prompt: carriedPrompt }]}
      onSubmitted={onSubmitted}
      onValues={rememberPrompt}
      refusal={refusal}
      learned={learned}
      charges={charges}
      focusPrompt={focusFirst}
    />
  );

  return (
    <LightboxProvider tasks={results.all}>
      <div
        data-wide
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,30rem)_minmax(0,1fr)] xl:gap-8"
      >
        <div
          className="grid gap-5"
          onKeyDown={submitFromColumn}
          onKeyDownCapture={engage}
          onInputCapture={engage}
          onPointerDownCapture={engage}
        >
          {/* The notice names what the entry filled in, so it goes once another model or mode is picked (whose form
              starts from its own draft, without the entry's values). */}
          {usePrefill && (
            <Alert role="status">
              <EntryNoticeText notice={prefill.notice} />
            </Alert>
          )}
          {prefill.status === "done" && !prefill.ok && (
            <Alert tone="warning" role="alert">
              {prefill.problem}
            </Alert>
          )}
          <ModelPicker value={awaitingEntry ? undefined : choice.model} onChange={(id) => choose({ model: id })} charges={charges} />
          {awaitingEntry ? (
            <Card>
              <CardContent>
                <p className="text-sm text-muted-foreground">Loading the task…</p>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>{model.label}</CardTitle>
                <CardDescription>{model.description}</CardDescription>
              </CardHeader>
              <CardContent>
                {"modes" in model ? (
                  <Suspense fallback={<div aria-hidden className="h-72 animate-pulse rounded-lg bg-muted/50" />}>
                    <ModeTabs modes={model.modes} mode={choice.mode} onChange={(mode) => choose({ model: model.id, mode })}>
                      {form}
                    </ModeTabs>
                  </Suspense>
                ) : (
                  form
                )}
              </CardContent>
            </Card>
          )}
        </div>
        {/* On a wide screen the results stay beside the form while the page scrolls. */}
        <div className="grid gap-6 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto lg:pr-1 lg:pb-2">
          {tracked.length > 0 && (
            <Suspense>
              <SubmissionList
                tracked={tracked}
                onShowField={showRefusal}
                reveal={reveal}
                onClear={() => {
                  setTracked(writeTracked([]));
                  setToast((current) => ({ id: (current?.id ?? 0) + 1, text: "Stopped following the submissions. They go on in Tasks." }));
                }}
              />
            </Suspense>
          )}
          <RecentResultsSlot tasks={results.earlier} loading={results.loading} engaged={engaged} />
          {tracked.length === 0 && !results.loading && results.earlier.length === 0 && (
            <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
              Your results appear here as soon as you submit: write a prompt and press Ctrl + Enter.
            </p>
          )}
        </div>
      </div>
      <Toast message={toast} />
    </LightboxProvider>
  );
}

/**
 * The results column's tasks: those of this tab's submissions (read from the same queries as their cards, so
 * nothing is fetched twice) and this member's other recent tasks. All of them, newest first, feed the lightbox.
 */
function useWorkspaceResults(tracked: readonly Tracked[], memberId: string) {
  const submissions = useQueries({ queries: tracked.map((item) => submissionQueryOptions(item.id, item)) });
  const taskIds = submissions.flatMap((query) => (query.data?.taskId ? [query.data.taskId] : []));
  const trackedTasks = useQueries({ queries: taskIds.map((id) => taskQueryOptions(id)) });
  const recent = useQuery(recentOwnTasksOptions(memberId));
  const own = trackedTasks.flatMap((query) => (query.data ? [query.data] : []));
  const ownKey = own.map((task) => `${task.id}:${task.status}:${task.archive.state}`).join();
  const recentTasks = recent.data?.tasks;
  return useMemo(() => {
    const followed = new Set(taskIds);
    const earlier: TaskView[] = (recentTasks ?? []).filter((task) => !followed.has(task.id));
    return { all: [...own, ...earlier], earlier, loading: recent.isPending };
    // ownKey stands for `own`, whose array is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ownKey, recentTasks, recent.isPending]);
}
