"use client";

import { Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { GenerationInput } from "@/lib/models/catalogue";
import { modelLabel } from "@/lib/models/labels";
import { errorMessage } from "@/lib/query/fetch-json";
import { useSubmitGenerationMutation } from "@/lib/query/submission-actions";
import type { RecentCharge } from "@/lib/schemas/charges";
import { defaultChoice } from "./default-model";
import { readTracked, writeChoice, writeDraft, writeTracked } from "./session-store";
import { newSubmissionId } from "@/components/shared/submission-id";

/**
 * A prompt bar for the Overview: Ctrl/Cmd+Enter sends the prompt to the default model (the cheapest image model
 * that needs no input) and opens the Generate workspace, where the new submission is followed. The submission
 * id is made once per prompt, so a second press while the first is in flight, or a retry, is stored once.
 */
export function QuickPrompt({ charges }: { charges: readonly RecentCharge[] }) {
  const router = useRouter();
  const id = useId();
  const [prompt, setPrompt] = useState("");
  const attempt = useRef<{ id: string; prompt: string } | null>(null);
  const send = useSubmitGenerationMutation();
  const choice = defaultChoice(charges);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = prompt.trim();
    if (!text || send.isPending) return;
    if (attempt.current?.prompt !== text) attempt.current = { id: newSubmissionId(), prompt: text };
    const request = { model: choice.model, prompt: text, ...(choice.mode ? { mode: choice.mode } : {}) } as GenerationInput;
    const { submissions } = await send
      .mutateAsync({ submissionId: attempt.current.id, runs: 1, request })
      .catch(() => ({ submissions: null }));
    if (!submissions) return;
    // The workspace follows what this tab submitted and opens on the same model with the prompt in the form.
    writeChoice(choice);
    writeDraft(choice, { prompt: text });
    writeTracked([...submissions.map((submission) => ({ ...submission, mode: choice.mode })), ...readTracked()]);
    router.push("/generate");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm">
      <label id={`${id}-title`} htmlFor={`${id}-prompt`} className="text-sm font-semibold">
        Prompt
      </label>
      <Textarea
        id={`${id}-prompt`}
        rows={2}
        value={prompt}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Describe an image…"
        aria-describedby={`${id}-help`}
        aria-keyshortcuts="Control+Enter Meta+Enter"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          Ctrl + Enter sends it to {modelLabel(choice.model)}; more models and settings in Generate.
        </p>
        <Button type="submit" size="sm" pending={send.isPending} disabled={!prompt.trim()}>
          {!send.isPending && <Send aria-hidden />}
          Generate
        </Button>
      </div>
      {send.error && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(send.error)}
        </p>
      )}
    </form>
  );
}
