import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The "Add …" button under a repeatable field, with how many rows there are of the most allowed. */
export function AddRow({ label, count, max, onAdd }: { label: string; count: number; max: number; onAdd: () => void }) {
  return (
    <div className="flex items-center gap-3">
      <Button variant="outline" size="sm" disabled={count >= max} onClick={onAdd}>
        <Plus aria-hidden />
        {label}
      </Button>
      {Number.isFinite(max) && (
        <span className="text-xs text-muted-foreground tabular-nums">
          {count} of {max}
        </span>
      )}
    </div>
  );
}
