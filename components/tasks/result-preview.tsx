"use client";

import { useState, type CSSProperties } from "react";
import { useOpenLightbox } from "@/components/shared/lightbox/open-context";
import { QuickActions } from "@/components/shared/quick-actions";
import type { ResultView, TaskView } from "@/lib/schemas/views";
import { PREVIEW_WIDTH } from "@/lib/media/widths";
import { cn } from "@/lib/utils";

/**
 * Every result at full size: videos in a player, images side by side when there are several, each zoomable,
 * each with its actions (download, open in the lightbox, use as input, use these settings, copy prompt).
 */
export function ResultPreview({ task }: { task: TaskView }) {
  const openLightbox = useOpenLightbox();
  const results = task.results ?? [];
  if (!results.length) return null;
  const actions = (index: number) => (
    <QuickActions
      task={task}
      index={index}
      download={false}
      onOpen={openLightbox ? () => openLightbox({ taskId: task.id, index }) : undefined}
    />
  );
  if (task.kind === "video") {
    return (
      <div className="grid gap-4">
        {results.map((result) => (
          <div key={result.index} className="grid gap-2">
            <video
              controls
              preload="metadata"
              poster={result.thumbnailUrl}
              src={result.url}
              aria-label={`Video result ${result.index + 1}`}
              className="w-full rounded-xl border bg-black"
              width={result.width ?? undefined}
              height={result.height ?? undefined}
            />
            {actions(result.index)}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={cn("grid gap-4", results.length > 1 && "sm:grid-cols-2")}>
      {results.map((result) => (
        <div key={result.index} className="grid content-start gap-2">
          <ZoomableImage result={result} label={`Image ${result.index + 1} of ${results.length}`} />
          {actions(result.index)}
        </div>
      ))}
    </div>
  );
}

/** Fits its box; a click, Enter or Space shows it at 100% (scroll to pan) and back. */
/**
 * The fitted picture's box before it loads, from the result's size: its own width at most, the column's, and the
 * width at which it is 70% of the screen tall. Without it the box is empty until the file arrives, and the page
 * below jumps down then (a layout shift of 0.23 on a phone).
 */
function fittedBox({ width, height }: ResultView): CSSProperties | undefined {
  if (!width || !height) return undefined;
  return { width: `min(100%, ${width}px, calc(70dvh * ${width / height}))`, aspectRatio: `${width} / ${height}` };
}

function ZoomableImage({ result, label }: { result: ResultView; label: string }) {
  const [actual, setActual] = useState(false);
  return (
    <figure className="grid gap-1.5">
      <div className={cn("overflow-auto rounded-xl border bg-muted", actual ? "max-h-[80dvh]" : "")}>
        <button
          type="button"
          aria-pressed={actual}
          aria-label={`${label}: ${actual ? "shown at 100%, press to fit" : "fitted, press to show at 100%"}`}
          onClick={() => setActual((value) => !value)}
          className={cn(
            "block focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-primary",
            actual ? "w-max cursor-zoom-out" : "w-full cursor-zoom-in",
          )}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- archived media behind the session cookie. */}
          <img
            // Fitted: the 1280 px WebP (the original of an older result), first on the page; 100%: the original.
            src={actual ? result.url : `${result.thumbnailUrl}?w=${PREVIEW_WIDTH}`}
            fetchPriority={result.index === 0 ? "high" : undefined}
            alt=""
            width={result.width ?? undefined}
            height={result.height ?? undefined}
            className={cn(actual ? "max-w-none" : "mx-auto h-auto max-h-[70dvh] w-auto max-w-full object-contain")}
            style={actual ? undefined : fittedBox(result)}
          />
        </button>
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {label}
        {result.width && result.height ? ` · ${result.width}×${result.height}` : ""}
        {result.bytes ? ` · ${(result.bytes / 1024 / 1024).toFixed(1)} MB` : ""} · {actual ? "100%" : "fitted"}
      </figcaption>
    </figure>
  );
}
