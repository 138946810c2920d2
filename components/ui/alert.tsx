import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const alertVariants = cva("flex gap-3 rounded-lg border p-3.5 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0", {
  variants: {
    tone: {
      info: "bg-muted/60 text-foreground [&>svg]:text-muted-foreground",
      success: "border-success/40 bg-success/10 text-foreground [&>svg]:text-success",
      warning: "border-warning/50 bg-warning/10 text-foreground [&>svg]:text-warning",
      danger: "border-danger/40 bg-danger/10 text-foreground [&>svg]:text-danger",
    },
  },
  defaultVariants: { tone: "info" },
});

const ICON = { info: Info, success: CircleCheck, warning: TriangleAlert, danger: CircleAlert } as const;

/**
 * A boxed message. The caller picks role: "alert" for errors that need attention now,
 * "status" for results announced politely. Text stays foreground-coloured for contrast; the tone
 * shows in the border, tint and icon.
 */
export function Alert({
  className,
  tone,
  title,
  children,
  ...props
}: ComponentProps<"div"> & VariantProps<typeof alertVariants> & { title?: string }) {
  const Icon = ICON[tone ?? "info"];
  return (
    <div className={cn(alertVariants({ tone }), className)} {...props}>
      <Icon aria-hidden />
      <div className="grid min-w-0 gap-1">
        {title && <p className="font-medium">{title}</p>}
        <div className="text-pretty [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4">{children}</div>
      </div>
    </div>
  );
}
