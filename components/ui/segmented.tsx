"use client";

import { RadioGroup } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export interface SegmentedOption {
  value: string;
  label: string;
}

interface SegmentedProps extends Omit<ComponentProps<typeof RadioGroup.Root>, "children"> {
  options: readonly SegmentedOption[];
}

/**
 * A few mutually exclusive choices side by side. A radio group underneath: one Tab stop, arrow keys
 * move and choose, and screen readers hear "radio, 2 of 3". Label it with aria-labelledby.
 */
export function Segmented({ options, className, ...props }: SegmentedProps) {
  return (
    <RadioGroup.Root
      orientation="horizontal"
      loop
      className={cn("inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg border bg-muted/50 p-1", className)}
      {...props}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className="inline-flex h-7 min-w-10 cursor-pointer items-center justify-center rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-card data-[state=checked]:text-primary data-[state=checked]:shadow-sm data-[state=checked]:ring-1 data-[state=checked]:ring-primary/40"
        >
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
