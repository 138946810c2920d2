"use client";

import { FileUp, X } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/format";
import { MAX_BATCH_BYTES } from "@/lib/schemas/batches";
import { cn } from "@/lib/utils";
import type { FileFormat } from "./local-source";

export interface SourceState {
  tab: "file" | "variations";
  file: File | null;
  /** The chosen file's text, once read. */
  fileText: string;
  /** Text pasted in place of a file. */
  pasted: string;
  format: FileFormat | "auto";
  variations: string;
}

export const EMPTY_SOURCE: SourceState = { tab: "file", file: null, fileText: "", pasted: "", format: "auto", variations: "" };

const FORMAT_WORDS: Record<FileFormat, string> = { csv: "CSV", tsv: "TSV (tab-separated)", jsonl: "JSON lines" };

interface BatchSourceProps {
  value: SourceState;
  onChange: (update: (source: SourceState) => SourceState) => void;
  /** The format in use (the choice, or what the name or text says). */
  detected: FileFormat;
  /** How many prompts the variations make, and what is wrong with them. */
  variationCount: number;
  variationProblem: string | null;
}

/** Where the rows come from: a file (chosen, dropped or pasted) or one prompt with {a, b} variations. */
export function BatchSource({ value, onChange, detected, variationCount, variationProblem }: BatchSourceProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [tooBig, setTooBig] = useState<string | null>(null);

  async function take(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BATCH_BYTES) {
      setTooBig(`${file.name} is over ${MAX_BATCH_BYTES / 1024 / 1024} MB; split it into smaller batches.`);
      return;
    }
    setTooBig(null);
    const text = await file.text();
    onChange((source) => ({ ...source, file, fileText: text, format: "auto" }));
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  }

  return (
    <Tabs
      value={value.tab}
      onValueChange={(tab) => onChange((source) => ({ ...source, tab: tab as SourceState["tab"] }))}
      className="grid gap-4"
    >
      <TabsList aria-label="Source of the rows" className="w-fit">
        <TabsTrigger value="file">File</TabsTrigger>
        <TabsTrigger value="variations">Variations</TabsTrigger>
      </TabsList>

      <TabsContent value="file" className="grid gap-4 outline-none">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="batch-drop"
          className={cn(
            "grid justify-items-center gap-2 rounded-xl border border-dashed border-muted-foreground/40 bg-card/50 px-4 py-6 text-center",
            dragging && "border-primary bg-primary/5",
          )}
        >
          <FileUp aria-hidden className="size-6 text-muted-foreground" />
          {value.file ? (
            <p className="flex max-w-full min-w-0 items-center gap-2 text-sm">
              <span className="truncate font-medium">{value.file.name}</span>
              <span className="shrink-0 text-muted-foreground">{formatNumber(Math.ceil(value.file.size / 1024))} KB</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${value.file.name}`}
                onClick={() => onChange((source) => ({ ...source, file: null, fileText: "" }))}
              >
                <X aria-hidden />
              </Button>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Drop a CSV, TSV or JSON lines file here, or</p>
          )}
          <input
            ref={picker}
            id={`${id}-file`}
            type="file"
            accept=".csv,.tsv,.tab,.jsonl,.ndjson,.txt,text/csv,text/tab-separated-values,text/plain,application/jsonl"
            className="sr-only"
            aria-label="Batch file"
            tabIndex={-1}
            onChange={(event) => void take(event.target.files?.[0]).then(() => (event.target.value = ""))}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => picker.current?.click()}>
            {value.file ? "Choose another file" : "Choose a file"}
          </Button>
          {tooBig && (
            <p role="alert" className="text-sm text-danger">
              {tooBig}
            </p>
          )}
        </div>

        {!value.file && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-paste`}>Or paste the file&apos;s text</Label>
            <Textarea
              id={`${id}-paste`}
              value={value.pasted}
              onChange={(event) => onChange((source) => ({ ...source, pasted: event.target.value }))}
              rows={5}
              spellCheck={false}
              placeholder={"product,background\nred sneaker,a marble table\nleather boot,a wooden floor"}
              className="font-mono text-xs sm:text-xs"
            />
          </div>
        )}

        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor={`${id}-format`}>File format</Label>
          <Select
            id={`${id}-format`}
            value={value.format}
            onChange={(event) => onChange((source) => ({ ...source, format: event.target.value as SourceState["format"] }))}
          >
            <option value="auto">Automatic: {FORMAT_WORDS[detected]}</option>
            {(Object.keys(FORMAT_WORDS) as FileFormat[]).map((format) => (
              <option key={format} value={format}>
                {FORMAT_WORDS[format]}
              </option>
            ))}
          </Select>
        </div>
      </TabsContent>

      <TabsContent value="variations" className="grid gap-2 outline-none">
        <Label htmlFor={`${id}-variations`}>Prompt with variations</Label>
        <Textarea
          id={`${id}-variations`}
          value={value.variations}
          onChange={(event) => onChange((source) => ({ ...source, variations: event.target.value }))}
          rows={3}
          placeholder="a {red, green, blue} {car, bike} at dusk"
          aria-describedby={`${id}-variations-help ${id}-variations-count`}
          aria-invalid={variationProblem ? true : undefined}
        />
        <p id={`${id}-variations-help`} className="text-xs text-muted-foreground">
          Each {"{a, b}"} makes one prompt per choice; choices may hold their own braces. Write \{"{"} for a brace in the prompt.
        </p>
        <p id={`${id}-variations-count`} aria-live="polite" className={cn("text-sm", variationProblem ? "text-danger" : "font-medium")}>
          {variationProblem ??
            (value.variations.trim() ? `${formatNumber(variationCount)} ${variationCount === 1 ? "prompt" : "prompts"}` : "")}
        </p>
      </TabsContent>
    </Tabs>
  );
}
