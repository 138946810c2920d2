"use client";

import { Columns3, GitBranch, Layers, SlidersHorizontal, Search, X } from "lucide-react";
import { Link } from "@/components/ui/link";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useDebounced } from "@/components/shared/use-debounced";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { MODEL_LABELS } from "@/lib/models/labels";
import { hasFilters, type TaskFilters } from "@/lib/query/task-filters";

const MoreFilters = lazy(() => import("./more-filters").then((module) => ({ default: module.MoreFilters })));

export interface MemberOption {
  id: string;
  name: string;
}

const STATUS_OPTIONS = [
  { value: "pending", label: "Pending" },
  { value: "processing", label: "Generating" },
  { value: "succeeded", label: "Succeeded" },
  { value: "failed", label: "Failed" },
] as const;

interface TaskFiltersProps {
  filters: TaskFilters;
  members: MemberOption[];
  onChange: (filters: TaskFilters) => void;
}

/** The gallery's filters; every change goes to the URL (the caller's onChange), so a view can be shared. */
export function TaskFilterBar({ filters, members, onChange }: TaskFiltersProps) {
  const id = useId();
  const [query, setQuery] = useState(filters.q ?? "");
  const settled = useDebounced(query, 300);
  // Follow the URL when it changes from elsewhere (back button, "Clear filters").
  const [seen, setSeen] = useState(filters.q ?? "");
  if ((filters.q ?? "") !== seen) {
    setSeen(filters.q ?? "");
    setQuery(filters.q ?? "");
  }
  useEffect(() => {
    const next = settled.trim() || undefined;
    if (next !== (filters.q ?? undefined) && settled === query) onChange({ ...filters, q: next });
    // Only a settled search should write the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  // Error code, member, dates, favourites and batches are used less: they wait behind "More filters", open by itself when one is set.
  const more = ["error", "member", "from", "to", "favourite", "batch"] as const;
  const moreActive = more.filter((key) => filters[key] !== undefined).length;
  const [open, setOpen] = useState(moreActive > 0);
  // Drawn from the first opening on, and kept while closed: what was typed in it stays.
  const [drawn, setDrawn] = useState(open);
  const set = (patch: Partial<TaskFilters>) => onChange({ ...filters, ...patch });
  const status = filters.status?.join(",") ?? "";
  const model = filters.model?.join(",") ?? "";

  return (
    <search aria-label="Filter tasks" className="grid gap-2 rounded-xl border bg-card p-2 shadow-sm">
      {filters.parent && (
        <p className="flex flex-wrap items-center gap-2 px-1 text-sm">
          <GitBranch aria-hidden className="size-4 text-muted-foreground" />
          Made from
          <Link href={`/tasks/${encodeURIComponent(filters.parent)}`} className="font-mono text-xs underline underline-offset-4">
            {filters.parent}
          </Link>
          <Button variant="ghost" size="sm" onClick={() => set({ parent: undefined })}>
            <X aria-hidden />
            Show all tasks
          </Button>
        </p>
      )}
      {filters.batch && filters.batch.toLowerCase() !== "any" && (
        <p className="flex flex-wrap items-center gap-2 px-1 text-sm">
          <Layers aria-hidden className="size-4 text-muted-foreground" />
          From
          <Link href={`/batches/${encodeURIComponent(filters.batch)}`} className="underline underline-offset-4">
            a batch
          </Link>
          <Button variant="ghost" size="sm" onClick={() => set({ batch: undefined })}>
            <X aria-hidden />
            Show all tasks
          </Button>
        </p>
      )}
      {filters.comparison && (
        <p className="flex flex-wrap items-center gap-2 px-1 text-sm">
          <Columns3 aria-hidden className="size-4 text-muted-foreground" />
          From
          <Link href={`/compare/${encodeURIComponent(filters.comparison)}`} className="underline underline-offset-4">
            a comparison
          </Link>
          <Button variant="ghost" size="sm" onClick={() => set({ comparison: undefined })}>
            <X aria-hidden />
            Show all tasks
          </Button>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-[12rem] flex-[1_1_16rem]">
          <Label htmlFor={`${id}-q`} className="sr-only">
            Search prompts
          </Label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") onChange({ ...filters, q: query.trim() || undefined });
            }}
            placeholder="Search prompts"
            maxLength={200}
            className="pl-8"
          />
        </div>
        <Select
          aria-label="Status"
          className="min-w-0 flex-[1_1_8rem] sm:flex-none"
          value={status}
          onChange={(event) => set({ status: event.target.value ? event.target.value.split(",") : undefined })}
        >
          <option value="">Any status</option>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {status.includes(",") && <option value={status}>{status.split(",").join(", ")}</option>}
        </Select>
        <Select
          aria-label="Model"
          className="min-w-0 flex-[1_1_8rem] sm:flex-none"
          value={model}
          onChange={(event) => set({ model: event.target.value ? event.target.value.split(",") : undefined })}
        >
          <option value="">Any model</option>
          {/* The names alone (labels.ts): the catalogue's descriptions and modes stay off the gallery's first load. */}
          {Object.entries(MODEL_LABELS).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
          {model && !Object.hasOwn(MODEL_LABELS, model) && <option value={model}>{model}</option>}
        </Select>
        <Select
          aria-label="Type"
          className="min-w-0 flex-[1_1_7rem] sm:flex-none"
          value={filters.kind ?? ""}
          onChange={(event) => set({ kind: (event.target.value || undefined) as TaskFilters["kind"] })}
        >
          <option value="">Any type</option>
          <option value="image">Images</option>
          <option value="video">Videos</option>
        </Select>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={`${id}-more`}
          onClick={() => {
            setOpen((value) => !value);
            setDrawn(true);
          }}
        >
          <SlidersHorizontal aria-hidden />
          More filters{moreActive ? ` (${moreActive})` : ""}
        </Button>
        {hasFilters(filters) && (
          <Button variant="ghost" onClick={() => onChange({})}>
            <X aria-hidden />
            Clear filters
          </Button>
        )}
      </div>
      <div id={`${id}-more`} hidden={!open} className="grid grid-cols-2 items-end gap-2 border-t pt-2 sm:grid-cols-3 lg:grid-cols-5">
        {/* Drawn (and its code loaded) once opened: most visits never open it. */}
        {drawn && (
          <Suspense fallback={null}>
            <MoreFilters id={id} filters={filters} members={members} set={set} />
          </Suspense>
        )}
      </div>
    </search>
  );
}
