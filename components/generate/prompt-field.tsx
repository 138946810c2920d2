"use client";

import { TriangleAlert } from "lucide-react";
import type { KeyboardEvent, ReactNode, Ref, RefObject } from "react";
import { Textarea } from "@/components/ui/textarea";
import { CharacterCount } from "./character-count";
import type { ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/**
 * What @-suggestions add to the prompt where references are named (epsilon-v6's reference mode): made by
 * mentioning-prompt.tsx, which loads with such a form only, so other forms carry none of its code.
 */
export interface PromptMentions {
  help: string | undefined;
  /** Names the prompt mentions that no reference carries, said under the textarea. */
  warning?: { id: string; text: string };
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Reads what is typed before the caret (after a change or a move of the caret). */
  sync: (element: HTMLTextAreaElement) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  close: () => void;
  listId: string;
  open: boolean;
  activeId?: string;
  /** The suggestions, hung from the textarea while open. */
  list: ReactNode;
}

/** The prompt: a character count against the model's bounds and, where references exist, @-suggestions. */
export function PromptField({ spec, value, onChange, error, inputRef, className, mentions }: ControlProps & { mentions?: PromptMentions }) {
  const text = typeof value === "string" ? value : "";
  const warning = mentions?.warning;
  return (
    <FieldShell
      className={className}
      label={spec.meta.label}
      help={mentions ? mentions.help : spec.meta.help}
      error={error}
      describedBy={warning?.id}
      aside={<CharacterCount length={text.length} min={spec.minLength} max={spec.maxLength} />}
    >
      {(ids) => (
        <div className="grid gap-2">
          {/* The suggestions hang from the textarea itself, not from the warning under it. */}
          <div className="relative">
            <Textarea
              id={ids.id}
              ref={(element) => {
                if (mentions) mentions.textarea.current = element;
                setRef(inputRef, element);
              }}
              rows={4}
              value={text}
              onChange={(event) => {
                onChange(event.target.value);
                mentions?.sync(event.target);
              }}
              onSelect={mentions && ((event) => mentions.sync(event.currentTarget))}
              onKeyDown={mentions?.onKeyDown}
              onBlur={mentions?.close}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid}
              aria-autocomplete={mentions ? "list" : undefined}
              aria-controls={mentions?.open ? mentions.listId : undefined}
              aria-activedescendant={mentions?.activeId}
            />
            {mentions?.list}
          </div>
          {warning && (
            <p id={warning.id} className="flex items-start gap-1.5 text-sm">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              {warning.text}
            </p>
          )}
        </div>
      )}
    </FieldShell>
  );
}
