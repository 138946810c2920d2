"use client";

import { mediaUrl, type TaskView } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";

interface LightboxMediaProps {
  task: TaskView;
  index: number;
  zoomed: boolean;
  onToggleZoom: () => void;
}

/** One output at the size of the viewer: a video with its controls, or an image fitted (or at 100%, scrolled to pan). */
export function LightboxMedia({ task, index, zoomed, onToggleZoom }: LightboxMediaProps) {
  const src = mediaUrl(task.id, index);
  if (task.kind === "video") {
    return (
      <video
        key={src}
        controls
        autoPlay
        muted
        playsInline
        preload="metadata"
        poster={mediaUrl(task.id, index, "thumbnail")}
        src={src}
        aria-label={`Video ${index + 1}`}
        className="max-h-full max-w-full rounded-md bg-black"
      />
    );
  }
  return (
    <div className={cn("size-full", zoomed ? "overflow-auto" : "flex items-center justify-center overflow-hidden")}>
      {/* eslint-disable-next-line @next/next/no-img-element -- archived media behind the session cookie. */}
      <img
        key={src}
        src={src}
        alt={`Image ${index + 1}: ${task.prompt?.slice(0, 120) ?? "result"}`}
        onClick={onToggleZoom}
        draggable={false}
        className={cn(zoomed ? "max-w-none cursor-zoom-out" : "max-h-full max-w-full cursor-zoom-in object-contain")}
      />
    </div>
  );
}
