"use client";

import type { ReactNode } from "react";
import { SPEC_TASK_CODES } from "@/components/shared/error-codes";
import { DateInput } from "@/components/ui/date-input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { instantOfLocalDay, localDayKey } from "@/lib/day-keys";
import type { TaskFilters } from "@/lib/query/task-filters";
import type { MemberOption } from "./task-filters";

interface MoreFiltersProps {
  /** The filter bar's id: the fields' ids start with it. */
  id: string;
  filters: TaskFilters;
  members: MemberOption[];
  set: (patch: Partial<TaskFilters>) => void;
}

/**
 * The gallery's less used filters (error code, member, dates, favourites), behind "More filters": the filter
 * bar loads them when that opens, or at once when a link sets one of them.
 */
export function MoreFilters({ id, filters, members, set }: MoreFiltersProps) {
  const error = filters.error?.join(",") ?? "";
  return (
    <>
      <Field id={`${id}-error`} label="Error code">
        <Select
          id={`${id}-error`}
          value={error}
          onChange={(event) => set({ error: event.target.value ? event.target.value.split(",") : undefined })}
        >
          <option value="">Any</option>
          {SPEC_TASK_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
          {/* A code from a link (one the spec does not list, or several): offered as it is. */}
          {error && !(SPEC_TASK_CODES as readonly string[]).includes(error) && <option value={error}>{error.split(",").join(", ")}</option>}
        </Select>
      </Field>
      <Field id={`${id}-member`} label="Member">
        <Select id={`${id}-member`} value={filters.member ?? ""} onChange={(event) => set({ member: event.target.value || undefined })}>
          <option value="">Everyone</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
          {filters.member && !members.some((m) => m.id === filters.member) && <option value={filters.member}>Another member</option>}
        </Select>
      </Field>
      <Field id={`${id}-from`} label="From">
        <DateInput
          id={`${id}-from`}
          calendarLabel="Calendar for the first day"
          placeholder="No limit"
          value={localDayKey(filters.from)}
          onChange={(day) => set({ from: instantOfLocalDay(day, false) })}
        />
      </Field>
      <Field id={`${id}-to`} label="To">
        <DateInput
          id={`${id}-to`}
          calendarLabel="Calendar for the last day"
          placeholder="No limit"
          value={localDayKey(filters.to)}
          onChange={(day) => set({ to: instantOfLocalDay(day, true) })}
        />
      </Field>
      <label className="flex h-9 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 cursor-pointer accent-primary"
          checked={filters.favourite === true}
          onChange={(event) => set({ favourite: event.target.checked || undefined })}
        />
        Favourites only
      </label>
      <label className="flex h-9 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 cursor-pointer accent-primary"
          checked={filters.batch !== undefined}
          onChange={(event) => set({ batch: event.target.checked ? "any" : undefined })}
        />
        From a batch
      </label>
    </>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
