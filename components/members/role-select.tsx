"use client";

import { LoaderCircle } from "lucide-react";
import { useId } from "react";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/query/fetch-json";
import { ROLE_INFO, ROLES } from "@/lib/members/roles";
import { roleSchema, type Member } from "@/lib/members/schemas";
import { useUpdateMember } from "@/lib/query/members";

/** Changes a member's role as soon as a new one is picked; the last admin's demotion comes back as an error. */
export function RoleSelect({ member }: { member: Member }) {
  const mutation = useUpdateMember();
  const errorId = useId();
  // While the request runs, show what was picked rather than snapping back to the old role.
  const value = (mutation.isPending && mutation.variables.patch.role) || member.role;
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Select
          aria-label={`Role for ${member.name}`}
          aria-invalid={mutation.isError || undefined}
          aria-describedby={mutation.isError ? errorId : undefined}
          aria-busy={mutation.isPending || undefined}
          value={value}
          onChange={(event) => mutation.mutate({ id: member.id, patch: { role: roleSchema.parse(event.target.value) } })}
          className="w-32"
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_INFO[role].label}
            </option>
          ))}
        </Select>
        {mutation.isPending && <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-label="Saving" />}
      </div>
      {mutation.isError && (
        <p id={errorId} role="alert" className="max-w-56 text-xs text-danger">
          {errorMessage(mutation.error)}
        </p>
      )}
    </div>
  );
}
