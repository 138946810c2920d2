"use client";

import { CircleAlert, CircleCheck, ImagePlus, LoaderCircle, X } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/query/fetch-json";
import { fileProblem, uploadFile } from "@/lib/query/uploads";

export interface UploadedFile {
  name: string;
  state: "uploading" | "done" | "failed";
  url?: string;
  error?: string;
}

interface ReferenceFilesProps {
  files: readonly UploadedFile[];
  onChange: (update: (files: UploadedFile[]) => UploadedFile[]) => void;
  /** Image file names the source's cells mention. */
  referenced: readonly string[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Images uploaded with the batch: each goes to POST /api/uploads as it is chosen, and its link answers every cell
 * that names the file. Lists the names the source mentions, and which of them no uploaded image answers yet.
 */
export function ReferenceFiles({ files, onChange, referenced }: ReferenceFilesProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const missing = referenced.filter((name) => !files.some((file) => file.state === "done" && same(file.name, name)));

  function add(chosen: FileList | null) {
    for (const file of Array.from(chosen ?? [])) {
      const problem = fileProblem(file);
      const entry: UploadedFile = problem ? { name: file.name, state: "failed", error: problem } : { name: file.name, state: "uploading" };
      onChange((list) => [...list.filter((item) => !same(item.name, file.name)), entry]);
      if (problem) continue;
      uploadFile(file).then(
        (view) => onChange((list) => list.map((item) => (item.name === file.name ? { ...item, state: "done", url: view.url } : item))),
        (error: unknown) =>
          onChange((list) =>
            list.map((item) => (item.name === file.name ? { ...item, state: "failed", error: errorMessage(error) } : item)),
          ),
      );
    }
    if (picker.current) picker.current.value = "";
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={picker}
          id={`${id}-picker`}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-label="Images to upload"
          tabIndex={-1}
          onChange={(event) => add(event.target.files)}
          aria-describedby={`${id}-help`}
        />
        <Button type="button" variant="outline" onClick={() => picker.current?.click()}>
          <ImagePlus aria-hidden />
          Upload images
        </Button>
        <p id={`${id}-help`} className="min-w-0 flex-1 text-xs text-muted-foreground">
          PNG, JPEG or WebP. A cell holding an uploaded image&apos;s file name (such as <code>shoe.png</code>) becomes its link.
        </p>
      </div>

      {files.length > 0 && (
        <ul aria-label="Uploaded images" className="grid gap-1.5 sm:grid-cols-2">
          {files.map((file) => (
            <li key={file.name} className="flex min-w-0 items-center gap-2 rounded-md border bg-card px-2.5 py-1.5 text-sm">
              {file.state === "uploading" ? (
                <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-muted-foreground" />
              ) : file.state === "done" ? (
                <CircleCheck aria-hidden className="size-4 shrink-0 text-success" />
              ) : (
                <CircleAlert aria-hidden className="size-4 shrink-0 text-danger" />
              )}
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-mono text-xs">{file.name}</span>
                <span className={file.state === "failed" ? "text-xs text-danger" : "text-xs text-muted-foreground"}>
                  {file.state === "uploading" ? "Uploading…" : file.state === "done" ? "Uploaded" : file.error}
                </span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange((list) => list.filter((item) => item.name !== file.name))}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}

      {referenced.length > 0 && (
        <div className="grid gap-1 text-sm" aria-live="polite">
          <p>
            The file names {referenced.length === 1 ? "one image" : `${referenced.length} images`}:{" "}
            {missing.length === 0 ? (
              <span className="font-medium text-success">all uploaded.</span>
            ) : (
              <span className="font-medium text-danger">{missing.length} not uploaded yet.</span>
            )}
          </p>
          <ul aria-label="Image names in the file" className="flex flex-wrap gap-1.5">
            {referenced.slice(0, 60).map((name) => {
              const absent = missing.includes(name);
              return (
                <li
                  key={name}
                  className={
                    absent
                      ? "max-w-full truncate rounded-full border border-danger/40 bg-danger/10 px-2 py-0.5 font-mono text-xs"
                      : "max-w-full truncate rounded-full border border-success/40 bg-success/10 px-2 py-0.5 font-mono text-xs"
                  }
                >
                  <span className="sr-only">{absent ? "Missing: " : "Uploaded: "}</span>
                  {name}
                </li>
              );
            })}
            {referenced.length > 60 && <li className="text-xs text-muted-foreground">and {referenced.length - 60} more</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
