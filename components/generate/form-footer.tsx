"use client";

import { Send } from "lucide-react";
import type { ReactNode } from "react";
import { SubmitRefusal } from "@/components/shared/submit-refusal";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MAX_RUNS } from "@/lib/schemas/generation-rules";
import { errorAt } from "./error-tree";
import { FieldShell } from "./field-shell";
import { RUNS_FIELD } from "./form-fields";
import { useField, useFormStatus } from "./use-form";

/**
 * Runs, what such a request cost before (`note`: the client never computes a price, the generation service
 * reports credits once it accepts a task), the submit button, and under it the message of a submit refused as a
 * whole (over budget, the service unreachable): where the person's eye is after the click, not the form's top.
 */
export function FormFooter({ note }: { note?: ReactNode }) {
  const field = useField(RUNS_FIELD);
  const { submitting: pending, errors } = useFormStatus();
  // The root node is replaced each time a refusal is set, and only then: it marks a new refusal to focus.
  const refusal = errors.root as { server?: { message?: string } } | undefined;
  return (
    // Stacked: the form sits in a narrow column beside the results, where side by side would squeeze every line.
    <div className="grid gap-3 border-t pt-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-40 flex-1">
          <FieldShell label="Runs" help={`Queue this many identical submissions, up to ${MAX_RUNS}.`} error={errorAt(field.errors)}>
            {(ids) => (
              <Input
                id={ids.id}
                ref={field.ref}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_RUNS}
                step={1}
                value={typeof field.value === "number" && !Number.isNaN(field.value) ? field.value : ""}
                onChange={(event) => field.onChange(event.target.value === "" ? undefined : event.target.valueAsNumber)}
                aria-describedby={ids.describedBy}
                aria-invalid={ids.invalid}
                className="max-w-24 tabular-nums"
              />
            )}
          </FieldShell>
        </div>
        <div className="grid justify-items-end gap-1.5">
          <Button type="submit" size="lg" pending={pending} aria-keyshortcuts="Control+Enter Meta+Enter">
            {!pending && <Send aria-hidden />}
            Generate
          </Button>
          <p className="hidden text-right text-xs text-muted-foreground sm:block">
            or <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> (<Kbd>⌘</Kbd> + <Kbd>Enter</Kbd>)
          </p>
        </div>
      </div>
      <SubmitRefusal message={errorAt(errors, "root", "server")} occurrence={refusal?.server} />
      {note}
    </div>
  );
}

function Kbd({ children }: { children: string }) {
  return <kbd className="rounded border bg-muted px-1 py-px font-sans text-[0.7rem] text-foreground">{children}</kbd>;
}
