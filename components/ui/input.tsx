import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// Shared by input and select so every control has the same height, border and error look.
export const controlClass =
  "w-full min-w-0 rounded-md border border-muted-foreground/35 bg-card px-3 text-base shadow-xs transition-colors placeholder:text-muted-foreground/80 hover:border-muted-foreground/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger sm:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(controlClass, "h-9", className)} {...props} />;
}
