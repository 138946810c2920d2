"use client";

import { cn } from "@/lib/utils";
import { useDebounced } from "@/components/shared/use-debounced";
import { formatNumber as count } from "@/lib/format";

function spoken(length: number, min?: number, max?: number): string {
  if (max !== undefined && length > max) return `${count(length - max)} characters over the limit of ${count(max)}`;
  if (min !== undefined && length < min) return `${count(length)} characters, at least ${count(min)} needed`;
  return max === undefined ? `${count(length)} characters` : `${count(max - length)} characters left`;
}

/**
 * "120 / 5,000" beside the prompt. The visible count follows every keystroke; screen readers hear it
 * politely once typing pauses, so they are not interrupted on each character.
 */
export function CharacterCount({ length, min, max }: { length: number; min?: number; max?: number }) {
  const settled = useDebounced(length, 1200);
  const outside = (max !== undefined && length > max) || (min !== undefined && length > 0 && length < min);
  return (
    <>
      <span aria-hidden className={cn("text-xs tabular-nums", outside ? "font-medium text-danger" : "text-muted-foreground")}>
        {count(length)}
        {max !== undefined && ` / ${count(max)}`}
      </span>
      <span role="status" className="sr-only">
        {settled === length && settled > 0 ? spoken(settled, min, max) : ""}
      </span>
    </>
  );
}
