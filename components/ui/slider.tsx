"use client";

import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

interface SliderProps extends ComponentProps<typeof SliderPrimitive.Root> {
  /** The thumb is what receives focus and carries role "slider", so the accessible name goes on it. */
  thumbLabel?: string;
  thumbProps?: ComponentProps<typeof SliderPrimitive.Thumb>;
}

/** A single-value slider; the arrow keys, Page Up/Down, Home and End move it. */
export function Slider({ className, thumbLabel, thumbProps, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn("relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-60", className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted-foreground/25">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={thumbLabel}
        className="block size-4 cursor-grab rounded-full border-2 border-primary bg-card shadow-sm transition-colors active:cursor-grabbing"
        {...thumbProps}
      />
    </SliderPrimitive.Root>
  );
}
