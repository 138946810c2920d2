"use client";

import { useId, useImperativeHandle, useRef, type ComponentProps, type Ref } from "react";
import { cn } from "@/lib/utils";

export interface SegmentedOption {
  value: string;
  label: string;
}

interface SegmentedProps extends Omit<ComponentProps<"div">, "children" | "onChange" | "ref"> {
  options: readonly SegmentedOption[];
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  /** focus() moves to the chosen option (the first when none is): a form focuses the group this way. */
  ref?: Ref<{ focus: () => void }>;
}

/**
 * A few mutually exclusive choices side by side. Native radio buttons underneath (they replaced Radix's radio
 * group, and its roving focus, to save script): one Tab stop, arrow keys move and choose, and screen readers
 * hear "radio, 2 of 3". Each input covers its option, transparent, so a click or tap lands on it. Label the
 * group with aria-labelledby.
 */
export function Segmented({ options, value, onValueChange, disabled, className, ref, ...props }: SegmentedProps) {
  const name = useId();
  const group = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({
    focus: () => (group.current?.querySelector<HTMLInputElement>("input:checked") ?? group.current?.querySelector("input"))?.focus(),
  }));
  return (
    <div
      ref={group}
      role="radiogroup"
      className={cn("inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg border bg-muted/50 p-1", className)}
      {...props}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            "relative inline-flex h-7 min-w-10 cursor-pointer items-center justify-center rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
            "has-checked:bg-card has-checked:text-primary has-checked:shadow-sm has-checked:ring-1 has-checked:ring-primary/40",
            "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring has-disabled:cursor-not-allowed has-disabled:opacity-50",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={disabled}
            onChange={() => onValueChange(option.value)}
            className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
