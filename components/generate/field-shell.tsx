"use client";

import { useId, type ReactNode } from "react";
import { FieldError } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export interface FieldIds {
  /** For the one control a <label> points at. */
  id: string;
  labelId: string;
  /** Help, then error: what a screen reader reads after the name. */
  describedBy?: string;
  invalid?: true;
}

interface FieldShellProps {
  label: string;
  help?: string;
  error?: string;
  /** Marks a field that may stay empty (one without a default). */
  optional?: boolean;
  /** "control": a <label> for one input; "group": the children are a group named by the label. */
  kind?: "control" | "group";
  /** Beside the label, such as a character counter. */
  aside?: ReactNode;
  /** More descriptions of the control, read after the help (a warning, say). */
  describedBy?: string;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}

/** Label, control, help and error of one form field, wired together for assistive technology. */
export function FieldShell({ label, help, error, optional, kind = "control", aside, describedBy, className, children }: FieldShellProps) {
  const id = useId();
  const ids: FieldIds = {
    id,
    labelId: `${id}-label`,
    describedBy: cn(help && `${id}-help`, describedBy, error && `${id}-error`) || undefined,
    invalid: error ? true : undefined,
  };
  const text = (
    <>
      {label}
      {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
    </>
  );
  return (
    <div className={cn("grid min-w-0 content-start gap-2", className)}>
      <div className="flex min-h-4 items-baseline justify-between gap-3">
        {kind === "control" ? (
          <Label htmlFor={id} id={ids.labelId}>
            {text}
          </Label>
        ) : (
          <span id={ids.labelId} className="text-sm leading-none font-medium">
            {text}
          </span>
        )}
        {aside}
      </div>
      {children(ids)}
      {help && (
        <p id={`${id}-help`} className="text-xs text-pretty text-muted-foreground">
          {help}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
