"use client";

import { lazy, Suspense, useState, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import type { ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";
import { ImageDropZone, isImageInput } from "./image-drop-zone";
import { PlainPreview } from "./url-preview-box";

/** Darkroom's own media (an earlier result used as an input): the only thing the CSP lets a page load. */
const isOwnMedia = (url: string) => url.startsWith("/api/media/");

// A small look at what the URL points to is shown only for Darkroom's own media: the Content-Security-Policy
// allows images and video from Darkroom alone, and a preview of any URL a person types would have the browser
// fetch it (telling that host who looks). That preview (url-preview.tsx) loads with the first such value: most
// forms open with empty rows, and the workspace's first screen is within its script budget (issue 28).
const UrlPreview = lazy(() => import("./url-preview").then((module) => ({ default: module.UrlPreview })));

function Preview({ url }: { url: string }) {
  if (!isOwnMedia(url)) return <PlainPreview />;
  return (
    <Suspense fallback={<PlainPreview />}>
      <UrlPreview url={url} />
    </Suspense>
  );
}

/** A URL input, with a preview in front when it points at media (an input image or video). */
export function UrlInput({
  value,
  preview = true,
  className,
  ...props
}: Omit<ComponentProps<"input">, "value"> & { value: string; preview?: boolean }) {
  return (
    <div className={cn("flex min-w-0 flex-1 items-center gap-2", className)}>
      {preview && <Preview url={value} />}
      <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" value={value} {...props} />
    </div>
  );
}

export function UrlField({ spec, value, onChange, error, label, inputRef, className, name }: ControlProps) {
  // An upload's own problem (too big, not an image, nowhere to link it from) shows in the field's error slot.
  const [uploadError, setUploadError] = useState<string | null>(null);
  const text = typeof value === "string" ? value : "";
  // Inputs (and reference rows, which have no group) are media; a callback URL is not.
  const media = spec.meta.group === undefined || spec.meta.group === "inputs";
  const fieldLabel = label ?? spec.meta.label;
  return (
    <FieldShell className={className} label={fieldLabel} help={spec.meta.help} error={uploadError ?? error} optional={!spec.required}>
      {(ids) => {
        const input = (preview: boolean) => (
          <UrlInput
            id={ids.id}
            preview={preview}
            name={name}
            ref={inputRef as never}
            value={text}
            onChange={(event) => {
              setUploadError(null);
              onChange(event.target.value);
            }}
            aria-describedby={ids.describedBy}
            aria-invalid={ids.invalid}
          />
        );
        if (!media || !isImageInput(spec.name)) return input(media);
        return (
          <ImageDropZone value={text} onChange={onChange} label={fieldLabel} onError={setUploadError}>
            {(uploaded) => input(!uploaded)}
          </ImageDropZone>
        );
      }}
    </FieldShell>
  );
}
