import type { ComponentProps, CSSProperties } from "react";
import { cn } from "@/lib/utils";

interface SliderProps extends Omit<ComponentProps<"input">, "type" | "value" | "onChange" | "min" | "max" | "step"> {
  min: number;
  max: number;
  step?: number;
  value: number;
  onValueChange: (value: number) => void;
}

// The track's filled part is a gradient up to --fill (WebKit has no ::range-progress; Firefox's is styled the same way).
const TRACK =
  "linear-gradient(to right, var(--color-primary) var(--fill), color-mix(in oklab, var(--color-muted-foreground) 25%, transparent) var(--fill))";
// Tailwind reads class names from the source, so each thumb class is written out for both engines.
const THUMB = [
  "[&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full",
  "[&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-card [&::-webkit-slider-thumb]:shadow-sm",
  "[&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2",
  "[&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-card [&::-moz-range-thumb]:shadow-sm",
].join(" ");

/**
 * A single-value slider: a native range input (role "slider"; arrow keys, Page Up/Down, Home and End move it),
 * styled like the rest of the form. It replaced Radix's slider, which cost the Generate page 66 KiB of script.
 */
export function Slider({ className, min, max, step = 1, value, onValueChange, style, ...props }: SliderProps) {
  const fill = max > min ? ((value - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onValueChange(event.target.valueAsNumber)}
      style={{ "--fill": `${fill}%`, backgroundImage: TRACK, ...style } as CSSProperties}
      className={cn(
        "h-1.5 w-full cursor-pointer appearance-none rounded-full bg-transparent disabled:opacity-60",
        "active:cursor-grabbing",
        THUMB,
        className,
      )}
      {...props}
    />
  );
}
