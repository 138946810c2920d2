"use client";

import { Layers, Play } from "lucide-react";
import { useState } from "react";
import { SMALL_THUMBNAIL_WIDTH, THUMBNAIL_WIDTH } from "@/lib/media/widths";
import { mediaUrl, type TaskView } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { outputCount } from "./lightbox/items";

interface ResultThumbProps {
  task: TaskView;
  /** Opens the first output in the lightbox; without it the thumbnail is only a picture. */
  onOpen?: () => void;
  /** The picture's text; empty where the card around it already names the task. */
  alt?: string;
  /** -1 where another control of the card opens the lightbox from the keyboard. */
  tabIndex?: number;
  /** Fills a positioned box of its caller's (absolute, inset 0) instead of flowing in it. */
  fill?: boolean;
  /** Above the fold on first paint (the gallery's first row): loaded at once with high priority, not lazily. */
  eager?: boolean;
}

/**
 * The thumbnail's own size as width/height attributes, from the aspect ratio the task asked for ("16:9") or
 * its size ("1024x768") when known, else 4:3, the box it sits in (which reserves its place either way).
 */
export function thumbnailSize(task: TaskView): { width: number; height: number } {
  const asked = [task.params?.aspect_ratio, task.params?.size].find((value) => typeof value === "string") as string | undefined;
  const ratio = asked ? /^(\d+)[:x](\d+)$/.exec(asked) : null;
  const [w, h] = ratio && Number(ratio[1]) > 0 ? [Number(ratio[1]), Number(ratio[2])] : [4, 3];
  return { width: THUMBNAIL_WIDTH, height: Math.max(1, Math.round((THUMBNAIL_WIDTH * h) / w)) };
}

/** Seconds of video the request asked for: the upstream reports no duration, the request names it. */
export function videoSeconds(task: TaskView): number | undefined {
  const duration = task.params?.duration ?? task.params?.outputDurationSec;
  return typeof duration === "number" && duration > 0 ? duration : undefined;
}

/**
 * A finished task's thumbnail (never the full file): videos carry a play mark and their length and preview
 * themselves, muted, while hovered (the file is not asked for before); several outputs show their count.
 * The click opens the lightbox; it is left out of the tab order, since the card's "Open" button does the same.
 */
export function ResultThumb({ task, onOpen, alt = "", tabIndex, fill = false, eager = false }: ResultThumbProps) {
  const [hovered, setHovered] = useState(false);
  const outputs = outputCount(task);
  const seconds = task.kind === "video" ? videoSeconds(task) : undefined;
  if (!task.thumbnailUrl) return null;
  const Box = onOpen ? "button" : "div";
  return (
    <Box
      {...(onOpen ? { type: "button" as const, onClick: onOpen, tabIndex } : {})}
      className={cn("block size-full overflow-hidden", fill ? "absolute inset-0" : "relative", onOpen && "cursor-zoom-in")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- an archived thumbnail behind the session: next/image's optimiser would fetch it without the cookie. */}
      <img
        src={task.thumbnailUrl}
        alt={alt}
        {...thumbnailSize(task)}
        // Both widths the archive makes (lib/media/paths.ts); the grid's cards are half a phone wide, and at most
        // ~320 px elsewhere. Results archived with only the 480 px one get it at either URL.
        srcSet={`${task.thumbnailUrl}?w=${SMALL_THUMBNAIL_WIDTH} ${SMALL_THUMBNAIL_WIDTH}w, ${task.thumbnailUrl} ${THUMBNAIL_WIDTH}w`}
        sizes="(max-width: 479px) 50vw, 320px"
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        // The first row decodes with the first frame: "async" left it out of the first paint, to wait for a frame
        // after hydration (its LCP 300 ms after it arrived). The rest decode off the main thread.
        decoding={eager ? "sync" : "async"}
        // Whole, at its own aspect, inside the caller's box (4:3 in the cards): a square or portrait result was
        // cropped to 4:3 (issue 45). The box's size does not change as it loads, so nothing below moves.
        className="size-full object-contain"
      />
      {task.kind === "video" && hovered && task.status === "succeeded" && task.archive.state === "done" && (
        <video
          src={mediaUrl(task.id, 0)}
          muted
          loop
          autoPlay
          playsInline
          preload="none"
          aria-hidden
          className="absolute inset-0 size-full object-contain"
        />
      )}
      {task.kind === "video" && (
        <span className="pointer-events-none absolute bottom-2 left-2 flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white">
          <Play aria-hidden className="size-3 fill-current" />
          {seconds !== undefined ? `${seconds} s` : <span className="sr-only">Video</span>}
        </span>
      )}
      {outputs > 1 && (
        <span
          className="pointer-events-none absolute right-2 bottom-2 flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white"
          title={`${outputs} outputs`}
        >
          <Layers aria-hidden className="size-3" />×{outputs}
          <span className="sr-only"> outputs</span>
        </span>
      )}
    </Box>
  );
}
