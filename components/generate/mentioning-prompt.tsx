"use client";

import { lazy, Suspense, useEffect, useId } from "react";
import type { FieldSpec } from "@/lib/models/form";
import type { ControlProps } from "./control-props";
import { referenceNames, unknownMentionMessage, unknownMentions } from "./mentions";
import { PromptField } from "./prompt-field";
import { useFieldValue } from "./use-form";
import { useMentions } from "./use-mentions";

// The suggestions' list loads with the form that names references, before anyone types "@".
const loadListbox = () => import("./mention-listbox");
const MentionListbox = lazy(() => loadListbox().then((module) => ({ default: module.MentionListbox })));

/**
 * The prompt of a form whose references carry names (epsilon-v6's reference mode): @-suggestions from the
 * names given so far, and a warning for a mention that names none. Loaded only with such a form.
 */
export function MentioningPrompt({ source, ...props }: ControlProps & { source: FieldSpec }) {
  // Watched here, so other prompts do not re-render with every change of the form.
  const names = referenceNames(useFieldValue(source.name));
  const text = typeof props.value === "string" ? props.value : "";
  const mentions = useMentions({ names, onChange: props.onChange });
  useEffect(() => void loadListbox(), []);
  const listId = useId();
  const warningId = useId();
  // Shown as the person types; the same rule blocks the submit (see check-request.ts).
  const unknown = unknownMentions(text, names);
  return (
    <PromptField
      {...props}
      mentions={{
        help: `${props.spec.meta.help ?? ""} Type @ to mention a named reference.`.trim(),
        warning: unknown.length > 0 && !props.error ? { id: warningId, text: unknownMentionMessage(unknown) } : undefined,
        textarea: mentions.textarea,
        sync: mentions.sync,
        onKeyDown: mentions.onKeyDown,
        close: mentions.close,
        listId,
        open: mentions.open,
        activeId: mentions.open ? `${listId}-${mentions.activeIndex}` : undefined,
        list: mentions.open && (
          <Suspense>
            <MentionListbox id={listId} names={mentions.matches} activeIndex={mentions.activeIndex} onPick={mentions.pick} />
          </Suspense>
        ),
      }}
    />
  );
}
