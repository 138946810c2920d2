"use client";

import { Check, Copy, Download, Film, ImagePlus, Maximize2, Redo2, SlidersHorizontal } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { resultOffers } from "@/lib/models/capabilities";
import { mediaUrl, type TaskView } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { entryHref } from "./entry-links";
import { usePrefetchLightbox } from "./lightbox/open-context";

// 28 to 32 px square, as the row's width allows: six fit on one row of a card four to a row at 1280 px.
const ICON_BUTTON =
  "inline-flex aspect-square max-w-8 min-w-7 flex-1 cursor-pointer items-center justify-center rounded-md border border-muted-foreground/30 bg-card text-foreground shadow-xs hover:bg-muted disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4";

interface QuickActionsProps {
  task: TaskView;
  /** Which output of a multi-output task the actions act on. */
  index?: number;
  /** Opens this output in the lightbox; left out where the lightbox is already open. */
  onOpen?: () => void;
  /** False where the page has its own Download button for this output (a task's page, the lightbox). */
  download?: boolean;
  /** False where the same task's labelled reuse buttons (ResultActions) stand beside these: one link for each action. */
  reuse?: boolean;
  className?: string;
}

/**
 * A result's one-click actions as labelled icon buttons: download, open, use as input, animate or extend, use these settings,
 * copy the prompt. Links go through Darkroom's media route and the Generate page's entry links.
 */
export function QuickActions({ task, index = 0, onOpen, download = true, reuse = true, className }: QuickActionsProps) {
  const prefetchLightbox = usePrefetchLightbox();
  const ready = task.status === "succeeded" && task.archive.state === "done";
  // An image is reworked by an image model (its references); turning it into a video is a separate, named
  // action (Animate). Only a model that extends continues its own videos (lib/models/capabilities.ts).
  const offers = resultOffers(task);
  const offered = reuse && ready;
  const entries = [
    {
      show: offered && offers.useAsInput,
      href: entryHref({ kind: "use", role: "reference", taskId: task.id, index }),
      label: "Use as input",
      title: "Use as input: a reference for an image model",
      Icon: ImagePlus,
    },
    {
      show: offered && offers.animate,
      href: entryHref({ kind: "use", role: "first-frame", taskId: task.id, index }),
      label: "Animate",
      title: "Animate: the first frame of a video",
      Icon: Film,
    },
    {
      show: offered && offers.extend,
      href: entryHref({ kind: "extend", taskId: task.id }),
      label: "Extend",
      title: "Extend: continue this video",
      Icon: Redo2,
    },
    {
      show: Boolean(task.params),
      href: entryHref({ kind: "remix", taskId: task.id }),
      label: "Use these settings",
      title: "Use these settings",
      Icon: SlidersHorizontal,
    },
  ].filter((entry) => entry.show);
  return (
    <div role="group" aria-label="Result actions" className={cn("flex flex-wrap items-center gap-1", className)}>
      {ready && download && (
        <a href={mediaUrl(task.id, index, "download")} download className={ICON_BUTTON} aria-label="Download" title="Download">
          <Download aria-hidden />
        </a>
      )}
      {ready && onOpen && (
        <button
          type="button"
          onClick={onOpen}
          onPointerEnter={prefetchLightbox}
          onFocus={prefetchLightbox}
          className={ICON_BUTTON}
          aria-label="Open in viewer"
          title="Open in viewer"
        >
          <Maximize2 aria-hidden />
        </button>
      )}
      {entries.map(({ href, label, title, Icon }) => (
        <Link key={label} href={href} className={ICON_BUTTON} aria-label={label} title={title}>
          <Icon aria-hidden />
        </Link>
      ))}
      {task.prompt && <CopyPrompt prompt={task.prompt} />}
    </div>
  );
}

function CopyPrompt({ prompt }: { prompt: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard permission (an insecure origin, say): the prompt stays selectable on the card.
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      className={ICON_BUTTON}
      aria-label={copied ? "Prompt copied" : "Copy prompt"}
      title={copied ? "Prompt copied" : "Copy prompt"}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
    </button>
  );
}
