"use client";

import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "@/components/ui/form-field";
import { ROLE_INFO, ROLES } from "@/lib/members/roles";

/** Radio cards, so each role's meaning is read out with its choice rather than hidden in a select. */
export function RoleRadioGroup({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="grid gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Role</legend>
      {ROLES.map((role) => (
        <label
          key={role}
          className="flex cursor-pointer gap-3 rounded-lg border border-muted-foreground/25 p-3 transition-colors hover:bg-muted/50 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
        >
          <input
            type="radio"
            value={role}
            {...field}
            aria-describedby={[`${id}-${role}`, errorId].filter(Boolean).join(" ")}
            className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
          />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">{ROLE_INFO[role].label}</span>
            <span id={`${id}-${role}`} className="text-xs text-muted-foreground">
              {ROLE_INFO[role].description}
            </span>
          </span>
        </label>
      ))}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
