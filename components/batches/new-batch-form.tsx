"use client";

import { Eye, Play } from "lucide-react";
import { useRouter } from "next/navigation";
import { useDeferredValue, useId, useMemo, useRef, useState } from "react";
import { newSubmissionId } from "@/components/shared/submission-id";
import { SubmitRefusal } from "@/components/shared/submit-refusal";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { plural } from "@/lib/format";
import type { FormSpec } from "@/lib/models/form-specs";
import { MODEL_META, type ModelMeta } from "@/lib/models/meta";
import { usePreviewBatch, useStartBatch, type BatchUpload } from "@/lib/query/batches";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import type { BatchFormat, BatchRequest } from "@/lib/schemas/batches";
import { BatchSource, EMPTY_SOURCE, type SourceState } from "./batch-source";
import { filePreview, formatOfName, guessFormat, referencedNames, variationsPreview, type FileFormat } from "./local-source";
import { PreviewPanel, type StartChoices } from "./preview-panel";
import { RecipeFields, type RecipeState } from "./recipe-fields";
import { ReferenceFiles, type UploadedFile } from "./reference-files";
import { SourceTable } from "./source-table";

const MODELS: readonly ModelMeta[] = MODEL_META;
const firstModel = MODELS.find((model) => model.kind === "image") ?? MODELS[0]!;
const INITIAL_RECIPE: RecipeState = { model: firstModel.id, mode: firstModel.modes?.[0]?.value, fields: {}, key: "" };

/** The request as it would be sent, and a fingerprint of it: a preview or a batch id belongs to one fingerprint. */
function requestOf(source: SourceState, format: BatchFormat, recipe: RecipeState, uploads: readonly UploadedFile[], name: string) {
  const fields = Object.fromEntries(Object.entries(recipe.fields).filter(([, text]) => text.trim() !== ""));
  const files = Object.fromEntries(uploads.flatMap((file) => (file.state === "done" && file.url ? [[file.name, file.url]] : [])));
  const batch: BatchRequest = {
    format,
    ...(name.trim() ? { name: name.trim() } : {}),
    recipe: {
      model: recipe.model,
      ...(recipe.mode ? { mode: recipe.mode } : {}),
      fields,
      ...(recipe.key ? { key: recipe.key } : {}),
      ...(Object.keys(files).length > 0 ? { files } : {}),
    },
  };
  const text = source.tab === "variations" ? source.variations.trim() : source.file ? null : source.pasted;
  const file: Blob = source.tab === "variations" || !source.file ? new Blob([text ?? ""], { type: "text/plain" }) : source.file;
  const fileName = source.tab === "variations" ? "variations.txt" : (source.file?.name ?? `pasted.${format}`);
  const origin = source.file && source.tab === "file" ? `${source.file.name}:${source.file.size}:${source.file.lastModified}` : text;
  return { batch, file, fileName, fingerprint: JSON.stringify([batch, origin]) };
}

/**
 * Making a batch: the source (a file or variations) as the browser reads it, the recipe (model, mode, a value or
 * template per field, the key column), the images it names, then the server's preview, the choices it calls
 * for (over budget, invalid rows) and the start. Nothing is stored until Start.
 */
export function NewBatchForm({ forms }: { forms: FormSpec[] }) {
  const router = useRouter();
  const id = useId();
  const [source, setSource] = useState<SourceState>(EMPTY_SOURCE);
  const [recipe, setRecipe] = useState<RecipeState>(INITIAL_RECIPE);
  const [uploads, setUploads] = useState<UploadedFile[]>([]);
  const [name, setName] = useState("");
  const [choices, setChoices] = useState<StartChoices>({ overBudget: "refuse", skipInvalid: false });
  const preview = usePreviewBatch();
  const start = useStartBatch();
  // The preview shown, with the fingerprint of what it previewed.
  const [shown, setShown] = useState<{ fingerprint: string; occurrence: number } | null>(null);
  const [problem, setProblem] = useState<{ message: string; occurrence: number } | null>(null);
  // One batch id per request sent: a retry of the same click is a resend the server recognises.
  const batchId = useRef<{ fingerprint: string; id: string } | null>(null);

  const text = useDeferredValue(source.file ? source.fileText : source.pasted);
  const variationsText = useDeferredValue(source.variations);
  const detected: FileFormat =
    source.format !== "auto" ? source.format : ((source.file && formatOfName(source.file.name)) ?? guessFormat(text));
  const format: BatchFormat = source.tab === "variations" ? "variations" : detected;
  const local = useMemo(
    () => (source.tab === "variations" ? variationsPreview(variationsText) : text.trim() ? filePreview(text, detected) : null),
    [source.tab, variationsText, text, detected],
  );
  const referenced = useMemo(
    () => (source.tab === "file" && text.trim() ? referencedNames(text, detected) : []),
    [source.tab, text, detected],
  );
  const columns = useMemo(() => local?.columns ?? [], [local]);

  // A column named like a field fills it with itself ({{prompt}} above all), while the field is empty: once for
  // each set of columns and form (set while rendering, as React advises for state that follows other state).
  const prefillFor = JSON.stringify([columns, recipe.model, recipe.mode]);
  const [prefilled, setPrefilled] = useState("");
  if (prefilled !== prefillFor) {
    setPrefilled(prefillFor);
    const form = forms.find((f) => f.model === recipe.model && f.mode === recipe.mode);
    const matched = form?.fields.filter((field) => columns.includes(field.name) && !recipe.fields[field.name]) ?? [];
    if (matched.length > 0)
      setRecipe({
        ...recipe,
        fields: { ...recipe.fields, ...Object.fromEntries(matched.map((field) => [field.name, `{{${field.name}}}`])) },
      });
  }

  const request = requestOf(source, format, recipe, uploads, name);
  const hasSource = source.tab === "variations" ? source.variations.trim() !== "" : Boolean(source.file) || source.pasted.trim() !== "";
  const uploading = uploads.some((file) => file.state === "uploading");
  const current = shown !== null && preview.data !== undefined && shown.fingerprint === request.fingerprint;
  const fieldErrors = problem && preview.error instanceof ApiError ? preview.error.fields : {};

  function upload(): BatchUpload {
    return { batch: request.batch, file: request.file, fileName: request.fileName };
  }

  function runPreview() {
    setProblem(null);
    start.reset();
    const fingerprint = request.fingerprint;
    preview.mutate(upload(), {
      onSuccess: () => setShown((was) => ({ fingerprint, occurrence: (was?.occurrence ?? 0) + 1 })),
      onError: (error) => setProblem((was) => ({ message: errorMessage(error), occurrence: (was?.occurrence ?? 0) + 1 })),
    });
  }

  function runStart() {
    const body: BatchRequest = { ...request.batch, overBudget: choices.overBudget, skipInvalid: choices.skipInvalid };
    const fingerprint = JSON.stringify([request.fingerprint, choices]);
    if (batchId.current?.fingerprint !== fingerprint) batchId.current = { fingerprint, id: newSubmissionId() };
    start.mutate(
      { ...upload(), batch: { ...body, batchId: batchId.current.id } },
      { onSuccess: ({ batch }) => router.push(`/batches/${encodeURIComponent(batch.id)}`) },
    );
  }

  const keyDefault = source.tab === "variations" ? "numbered choices (001-red-car)" : "row-<line>";

  return (
    <form
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start"
      onSubmit={(event) => event.preventDefault()}
      noValidate
    >
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>1. Rows</CardTitle>
            <CardDescription>One request per row of a file, or per prompt that the variations make.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <BatchSource
              value={source}
              onChange={setSource}
              detected={detected}
              variationCount={local && "count" in local ? (local.count as number) : 0}
              variationProblem={source.tab === "variations" ? (local?.problem ?? null) : null}
            />
            {local?.problem && source.tab === "file" && (
              <p role="status" className="text-sm text-danger">
                {local.problem}
              </p>
            )}
            {local && local.rows.length > 0 && (
              <SourceTable
                columns={local.columns}
                rows={local.rows}
                caption={`The first ${plural(local.rows.length, "row")}${source.tab === "variations" ? " the variations make" : " of the file"}`}
              />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>2. Reference images</CardTitle>
            <CardDescription>Images the rows name by file name, uploaded with the batch.</CardDescription>
          </CardHeader>
          <CardContent>
            <ReferenceFiles files={uploads} onChange={setUploads} referenced={referenced} />
          </CardContent>
        </Card>
      </div>

      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>3. Recipe</CardTitle>
            <CardDescription>
              Each field takes a fixed value or a template such as <code className="break-all">A studio photo of {"{{product}}"}</code>.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField label="Batch name" description="Optional: the file's name is used otherwise.">
              <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoComplete="off" />
            </FormField>
            <RecipeFields
              forms={forms}
              columns={columns}
              keyDefault={keyDefault}
              value={recipe}
              onChange={setRecipe}
              errors={fieldErrors}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>4. Preview and start</CardTitle>
            <CardDescription>Nothing is stored or sent until you start the batch.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <Button
                type="button"
                variant={current ? "outline" : "default"}
                onClick={runPreview}
                pending={preview.isPending}
                disabled={!hasSource || uploading}
              >
                <Eye aria-hidden />
                Preview
              </Button>
              {!hasSource && <p className="text-xs text-muted-foreground">Choose a file, paste rows or write variations first.</p>}
              {uploading && <p className="text-xs text-muted-foreground">Waiting for the images to upload…</p>}
              <SubmitRefusal message={problem?.message} occurrence={problem?.occurrence} />
            </div>
            {preview.data && shown && <PreviewPanel preview={preview.data} stale={!current} choices={choices} onChoices={setChoices} />}
            {preview.data && shown && (
              <div className="grid gap-2" id={`${id}-start`}>
                <Button type="button" onClick={runStart} pending={start.isPending} disabled={!current || uploading}>
                  <Play aria-hidden />
                  Start batch
                </Button>
                <SubmitRefusal message={start.error ? errorMessage(start.error) : null} occurrence={start.error} />
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </form>
  );
}
