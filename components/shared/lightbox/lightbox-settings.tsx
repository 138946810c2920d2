import type { TaskView } from "@/lib/schemas/views";

// Shown elsewhere in the lightbox (prompt) or not worth a row.
const LEFT_OUT = new Set(["prompt", "model"]);

function shown(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(shown).join(", ");
  return JSON.stringify(value);
}

/** The task's request as it was sent (Darkroom's own paths for earlier results, never upstream URLs). */
export function LightboxSettings({ task }: { task: TaskView }) {
  const entries = Object.entries(task.params ?? {}).filter(([key, value]) => !LEFT_OUT.has(key) && value !== undefined && value !== null);
  if (entries.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{key.replaceAll("_", " ")}</dt>
          <dd className="font-mono break-words">{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
