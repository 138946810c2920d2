"use client";

import { useId } from "react";
import { Segmented } from "@/components/ui/segmented";
import type { Density } from "./use-density";

const OPTIONS = [
  { value: "comfortable", label: "Comfortable" },
  { value: "compact", label: "Compact" },
] as const;

/** Larger cards or more of them; the choice is remembered in this browser. */
export function DensityToggle({ density, onChange }: { density: Density; onChange: (density: Density) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <span id={id} className="text-muted-foreground">
        Card size
      </span>
      <Segmented aria-labelledby={id} options={OPTIONS} value={density} onValueChange={(value) => onChange(value as Density)} />
    </div>
  );
}
