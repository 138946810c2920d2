"use client";

import { TriangleAlert } from "lucide-react";
import { lazy, Suspense, useEffect, useId, type Ref } from "react";
import { Textarea } from "@/components/ui/textarea";
import { CharacterCount } from "./character-count";
import type { ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";
import { unknownMentionMessage, unknownMentions } from "./mentions";
import { useMentions } from "./use-mentions";

// Suggestions show only where references are named (epsilon-v6's reference mode): their list loads with such a form.
const loadListbox = () => import("./mention-listbox");
const MentionListbox = lazy(() => loadListbox().then((module) => ({ default: module.MentionListbox })));

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

interface PromptFieldProps extends ControlProps {
  /** The reference names the prompt may mention as @name; undefined where the form has none. */
  mentionNames?: readonly string[];
}

/** The prompt: a character count against the model's bounds and, where references exist, @-suggestions. */
export function PromptField({ spec, value, onChange, error, inputRef, className, mentionNames }: PromptFieldProps) {
  const text = typeof value === "string" ? value : "";
  const mentions = useMentions({ names: mentionNames, onChange });
  const mentioning = mentionNames !== undefined;
  useEffect(() => {
    if (mentioning) void loadListbox();
  }, [mentioning]);
  const listId = useId();
  const warningId = useId();
  // Shown as the person types; the same rule blocks the submit (see request-resolver).
  const unknown = mentionNames ? unknownMentions(text, mentionNames) : [];
  const warning = unknown.length > 0 && !error ? unknownMentionMessage(unknown) : undefined;
  const activeId = mentions.open ? `${listId}-${mentions.activeIndex}` : undefined;

  return (
    <FieldShell
      className={className}
      label={spec.meta.label}
      help={mentionNames ? `${spec.meta.help ?? ""} Type @ to mention a named reference.`.trim() : spec.meta.help}
      error={error}
      describedBy={warning ? warningId : undefined}
      aside={<CharacterCount length={text.length} min={spec.minLength} max={spec.maxLength} />}
    >
      {(ids) => (
        <div className="grid gap-2">
          {/* The suggestions hang from the textarea itself, not from the warning under it. */}
          <div className="relative">
            <Textarea
              id={ids.id}
              ref={(element) => {
                mentions.textarea.current = element;
                setRef(inputRef, element);
              }}
              rows={4}
              value={text}
              onChange={(event) => {
                onChange(event.target.value);
                mentions.sync(event.target);
              }}
              onSelect={(event) => mentions.sync(event.currentTarget)}
              onKeyDown={mentions.onKeyDown}
              onBlur={mentions.close}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid}
              aria-autocomplete={mentionNames ? "list" : undefined}
              aria-controls={mentions.open ? listId : undefined}
              aria-activedescendant={activeId}
            />
            {mentions.open && (
              <Suspense>
                <MentionListbox id={listId} names={mentions.matches} activeIndex={mentions.activeIndex} onPick={mentions.pick} />
              </Suspense>
            )}
          </div>
          {warning && (
            <p id={warningId} className="flex items-start gap-1.5 text-sm">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              {warning}
            </p>
          )}
        </div>
      )}
    </FieldShell>
  );
}
