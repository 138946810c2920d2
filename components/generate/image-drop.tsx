"use client";

import { useQuery } from "@/lib/query/react";
import { Upload, X } from "lucide-react";
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/query/fetch-json";
import { fileProblem, uploadCapabilityOptions, uploadFile } from "@/lib/query/uploads";
import { UPLOAD_TYPES } from "@/lib/schemas/uploads";
import { cn } from "@/lib/utils";

// Local images as inputs: an Upload button (file picker), Ctrl/⌘+V of an image while the field (or anything
// in its zone) has focus, and drag-and-drop onto the zone. The file goes to POST /api/uploads; the link it
// answers becomes the field's value, so the form's schema judges it like any URL.

/** Link → a local preview of the file it came from (blob: URLs are what the CSP lets a page show). */
const thumbnails = new Map<string, { src: string; name: string }>();

export interface ImageDropProps {
  /** The field's current value (a URL). */
  value: string;
  onChange: (url: string) => void;
  /** The field's name as a person reads it, for the buttons' accessible names. */
  label: string;
  /** Upload problems go to the field's own error slot; null clears them. */
  onError: (message: string | null) => void;
  /** The URL input; `uploaded` is true when a local preview replaces its own. */
  children: (uploaded: boolean) => ReactNode;
  /**
   * Offers its own × for an upload; false where the row around it has a remove button already (a list's row),
   * which otherwise stood beside this one with the same icon (issue 45).
   */
  clearable?: boolean;
}

export function ImageDrop({ value, onChange, label, onError, children, clearable = true }: ImageDropProps) {
  const capability = useQuery(uploadCapabilityOptions());
  const picker = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const thumbnail = value ? thumbnails.get(value) : undefined;
  const unavailable = capability.data && !capability.data.available ? capability.data.message : null;

  useEffect(() => () => running.current?.abort(), []);

  async function start(file: File) {
    const problem = unavailable ?? fileProblem(file);
    if (problem) return onError(problem);
    onError(null);
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress({ name: file.name, percent: 0 });
    try {
      const upload = await uploadFile(file, {
        signal: controller.signal,
        onProgress: (fraction) => setProgress({ name: file.name, percent: Math.round(fraction * 100) }),
      });
      thumbnails.set(upload.url, { src: URL.createObjectURL(file), name: file.name });
      onChange(upload.url);
    } catch (error) {
      if (!controller.signal.aborted) onError(errorMessage(error));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }

  const firstFile = (files: FileList | null | undefined) => (files && files.length > 0 ? files[0] : undefined);

  function onPaste(event: ClipboardEvent) {
    const file = firstFile(event.clipboardData?.files);
    if (!file) return; // text pastes into the input as usual
    event.preventDefault();
    void start(file);
  }

  function onDragOver(event: DragEvent) {
    if (!event.dataTransfer?.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function onDrop(event: DragEvent) {
    setDragging(false);
    const file = firstFile(event.dataTransfer?.files);
    if (!file) return;
    event.preventDefault();
    void start(file);
  }

  function remove() {
    if (thumbnail) URL.revokeObjectURL(thumbnail.src);
    thumbnails.delete(value);
    onError(null);
    onChange("");
  }

  return (
    <div className="grid min-w-0 flex-1 gap-1.5">
      <div
        data-testid="image-drop"
        onPaste={onPaste}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex min-w-0 flex-1 items-center gap-2 rounded-md",
          dragging && "bg-muted outline-2 outline-offset-2 outline-primary outline-dashed",
        )}
      >
        {thumbnail && (
          // eslint-disable-next-line @next/next/no-img-element -- a local blob preview; next/image cannot load blob: URLs
          <img src={thumbnail.src} alt={`Uploaded: ${thumbnail.name}`} className="size-9 shrink-0 rounded-md border object-cover" />
        )}
        {children(Boolean(thumbnail))}
        <input
          ref={picker}
          type="file"
          accept={UPLOAD_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = firstFile(event.target.files);
            event.target.value = ""; // choosing the same file again still fires
            if (file) void start(file);
          }}
        />
        <Button
          variant="outline"
          size="sm"
          pending={progress !== null}
          aria-label={`Upload an image for ${label}`}
          title={unavailable ?? "Upload, paste or drop a PNG, JPEG or WebP image (up to 20 MB)"}
          // Where no link could reach the API, say what to configure instead of offering a picker that cannot work.
          onClick={() => (unavailable ? onError(unavailable) : picker.current?.click())}
        >
          <Upload aria-hidden />
          <span className="hidden sm:inline">Upload</span>
        </Button>
        {thumbnail && clearable && (
          <Button variant="ghost" size="icon" aria-label={`Remove the uploaded image from ${label}`} onClick={remove}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      <div role="status" aria-live="polite" className="text-xs text-muted-foreground empty:hidden">
        {progress && `Uploading ${progress.name}: ${progress.percent}%`}
      </div>
      {progress && (
        <div aria-hidden className="h-1 overflow-hidden rounded bg-muted">
          <div className="h-full bg-primary transition-[width]" style={{ width: `${progress.percent}%` }} />
        </div>
      )}
    </div>
  );
}
