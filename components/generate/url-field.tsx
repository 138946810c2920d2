"use client";

import { ImageIcon, ImageOff } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { urlPathExtension } from "@/lib/models/url-extension";
import { cn } from "@/lib/utils";
import type { ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";
import { useDebounced } from "@/components/shared/use-debounced";
import { ImageDropZone, isImageInput } from "./image-drop-zone";

const VIDEO_EXTENSIONS = new Set(["mp4", "webm", "mov", "m4v"]);

/** Darkroom's own media (an earlier result used as an input): the only thing the CSP lets a page load. */
const isOwnMedia = (url: string) => url.startsWith("/api/media/");

/**
 * A small look at what the URL points to, once typing has paused. Only Darkroom's own media is shown: the
 * Content-Security-Policy allows images and video from Darkroom alone, and a preview of any URL a person
 * types would have the browser fetch it (telling that host who looks). Other URLs get an icon.
 * Decorative (the URL itself is the field's value), so hidden from screen readers.
 */
function UrlPreview({ url }: { url: string }) {
  const settled = useDebounced(url, 500);
  const [failed, setFailed] = useState<string | null>(null);
  const box =
    "flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground [&_svg]:size-4";
  const usable = settled !== "" && settled === url && isOwnMedia(settled);
  if (!usable || failed === settled) {
    return (
      <span aria-hidden className={box}>
        {usable ? <ImageOff /> : <ImageIcon />}
      </span>
    );
  }
  const media = VIDEO_EXTENSIONS.has(urlPathExtension(settled) ?? "") ? (
    <video src={settled} muted preload="metadata" onError={() => setFailed(settled)} className="size-full object-cover" />
  ) : (
    // eslint-disable-next-line @next/next/no-img-element -- an archived result at its own size; next/image would resize it again.
    <img src={settled} alt="" onError={() => setFailed(settled)} className="size-full object-cover" />
  );
  return (
    <span aria-hidden className={box}>
      {media}
    </span>
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
      {preview && <UrlPreview url={value} />}
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
