"use client";

import { ChevronRight } from "lucide-react";
import { lazy, Suspense } from "react";
import { FormStoreProvider, useFormValues } from "@/components/generate/use-form";
import { settingWords } from "@/lib/models/setting-words";
import { columnSettings, type CompareColumn } from "./compare-columns";

// The editor (the Generate form's own controls) loads when a column's settings are first opened, or pointed at:
// most comparisons run with the summary's settings as they are.
const loadColumnFields = () => import("./column-fields");
const ColumnFields = lazy(() => loadColumnFields().then((module) => ({ default: module.ColumnFields })));
const preload = () => void loadColumnFields();

interface ColumnSettingsProps {
  column: CompareColumn;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes when the column's first problem should take focus (after a refused submit). */
  focusRequest: number;
}

/** One column's settings: what it will run with in words, and a disclosure with the model's choices. */
export function ColumnSettings({ column, open, onOpenChange, focusRequest }: ColumnSettingsProps) {
  return (
    <FormStoreProvider store={column.store}>
      <details open={open} onToggle={(event) => onOpenChange(event.currentTarget.open)} className="group/settings">
        <summary
          onPointerEnter={preload}
          onFocus={preload}
          className="flex cursor-pointer list-none items-start gap-1.5 rounded-md py-1 text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden"
        >
          <ChevronRight
            aria-hidden
            className="mt-px size-3.5 shrink-0 transition-transform group-open/settings:rotate-90 motion-reduce:transition-none"
          />
          <span className="min-w-0">
            <span className="font-medium">Settings of {column.model.label}</span>
            {column.fromGenerate && <span className="text-muted-foreground"> (from Generate)</span>}
            <SettingsSummary column={column} />
          </span>
        </summary>
        {open && (
          <Suspense fallback={<div aria-hidden className="mt-2 h-24 animate-pulse rounded-lg bg-muted/50 motion-reduce:animate-none" />}>
            <ColumnFields fields={column.shown} focusRequest={focusRequest} />
          </Suspense>
        )}
      </details>
    </FormStoreProvider>
  );
}

/** "Aspect ratio 16:9 · Quality High · Format PNG": the settings as they stand, in the words the comparison will show. */
function SettingsSummary({ column }: { column: CompareColumn }) {
  useFormValues();
  const words = settingWords(column.model.id, column.fields, columnSettings(column));
  if (words.length === 0) return null;
  return (
    <span className="block [overflow-wrap:anywhere] text-muted-foreground">
      {words.map(({ name, label, value }, i) => (
        <span key={name}>
          {i > 0 && " · "}
          {label} <span className="text-foreground">{value}</span>
        </span>
      ))}
    </span>
  );
}
