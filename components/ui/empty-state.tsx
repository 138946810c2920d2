import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** A next step, such as a link styled as a button. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, children, action, className }: EmptyStateProps) {
  return (
    <section
      className={cn(
        "flex flex-col items-center rounded-xl border border-dashed border-muted-foreground/30 bg-card/50 px-6 py-14 text-center",
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold">{title}</h2>
      <div className="mt-1.5 max-w-sm text-sm text-pretty text-muted-foreground">{children}</div>
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
