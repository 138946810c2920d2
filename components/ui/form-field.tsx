"use client";

import { useId, type ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Alert } from "./alert";
import { Label } from "./label";
import { Slot } from "./slot";

interface FormFieldProps {
  label: ReactNode;
  /** The message to show under the control; also marks it aria-invalid. */
  error?: string;
  description?: ReactNode;
  className?: string;
  /** One control (input, select, textarea); it receives id, aria-invalid and aria-describedby. */
  children: ReactNode;
}

export function FormField({ label, error, description, className, children }: FormFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot id={id} aria-invalid={error ? true : undefined} aria-describedby={cn(descriptionId, errorId) || undefined}>
        {children}
      </Slot>
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-danger">
      {children}
    </p>
  );
}

/** The form-level error (what no single field caused), announced as soon as it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert tone="danger" role="alert">
      {message}
    </Alert>
  );
}
