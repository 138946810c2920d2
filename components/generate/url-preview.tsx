"use client";

import { ImageOff } from "lucide-react";
import { useState } from "react";
import { useDebounced } from "@/components/shared/use-debounced";
import { urlPathExtension } from "@/lib/models/url-extension";
import { PlainPreview, PREVIEW_BOX } from "./url-preview-box";

const VIDEO_EXTENSIONS = new Set(["mp4", "webm", "mov", "m4v"]);

/**
 * A small look at Darkroom's own media (an earlier result used as an input), once typing has paused; UrlInput
 * shows the plain icon for every other URL and loads this only for such a value. Decorative (the URL itself is
 * the field's value), so hidden from screen readers.
 */
export function UrlPreview({ url }: { url: string }) {
  const settled = useDebounced(url, 500);
  const [failed, setFailed] = useState<string | null>(null);
  if (settled !== url) return <PlainPreview />;
  if (failed === settled) {
    return (
      <span aria-hidden className={PREVIEW_BOX}>
        <ImageOff />
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
    <span aria-hidden className={PREVIEW_BOX}>
      {media}
    </span>
  );
}
