import { cn } from "@/lib/utils";

const TONE = { success: "bg-success", warning: "bg-warning", danger: "bg-danger", muted: "bg-muted-foreground" } as const;

/** A coloured dot; the words beside it carry the meaning, so it is hidden from screen readers. */
export function StatusDot({ tone }: { tone: keyof typeof TONE }) {
  return <span aria-hidden className={cn("inline-block size-2.5 shrink-0 translate-y-[-1px] rounded-full", TONE[tone])} />;
}
