"use client";

import { Layers, Play } from "lucide-react";
import { useState } from "react";
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
  className?: string;
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
export function ResultThumb({ task, onOpen, alt = "", tabIndex, className }: ResultThumbProps) {
  const [hovered, setHovered] = useState(false);
  const outputs = outputCount(task);
  const seconds = task.kind === "video" ? videoSeconds(task) : undefined;
  if (!task.thumbnailUrl) return null;
  const Box = onOpen ? "button" : "div";
  return (
    <Box
      {...(onOpen ? { type: "button" as const, onClick: onOpen, tabIndex } : {})}
      className={cn("relative block size-full overflow-hidden", onOpen && "cursor-zoom-in", className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- an archived thumbnail behind the session: next/image's optimiser would fetch it without the cookie. */}
      <img src={task.thumbnailUrl} alt={alt} loading="lazy" decoding="async" className="size-full object-cover" />
      {task.kind === "video" && hovered && task.status === "succeeded" && task.archive.state === "done" && (
        <video
          src={mediaUrl(task.id, 0)}
          muted
          loop
          autoPlay
          playsInline
          preload="none"
          aria-hidden
          className="absolute inset-0 size-full object-cover"
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
