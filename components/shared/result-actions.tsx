"use client";

import { Film, ImagePlus, Redo2, Shuffle } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { resultOffers } from "@/lib/models/capabilities";
import type { TaskView } from "@/lib/schemas/views";
import { entryHref, INPUT_URL_MISSING, type InputRole } from "./entry-links";
import { LastFrameButton } from "./last-frame-button";

// Same kind first: "Use as input" reworks the image with an image model; Animate is the one that makes a video.
const USES: { role: InputRole; label: string }[] = [
  { role: "reference", label: "Use as input" },
  { role: "first-frame", label: "Animate" },
];

/**
 * What can be made from a finished task: remix its parameters, extend it (a model that extends its own videos),
 * use one of its images as an input, or a video's last frame. Usable on any page that shows a task.
 */
export function ResultActions({ task, index = 0 }: { task: TaskView; index?: number }) {
  const reasonId = useId();
  const usable = Boolean(task.results?.find((result) => result.index === index)?.url);
  const succeeded = task.status === "succeeded";
  const offers = resultOffers(task);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {task.params && (
          <Button asChild size="sm" variant="outline">
            <Link href={entryHref({ kind: "remix", taskId: task.id })}>
              <Shuffle aria-hidden />
              Remix
            </Link>
          </Button>
        )}
        {succeeded && offers.extend && (
          <Button asChild size="sm" variant="outline">
            <Link href={entryHref({ kind: "extend", taskId: task.id })}>
              <Redo2 aria-hidden />
              Extend
            </Link>
          </Button>
        )}
        {succeeded && offers.lastFrame && usable && <LastFrameButton taskId={task.id} index={index} />}
        {succeeded &&
          USES.filter(({ role }) => (role === "first-frame" ? offers.animate : offers.useAsInput)).map(({ role, label }) =>
            usable ? (
              <Button key={role} asChild size="sm" variant="outline">
                <Link href={entryHref({ kind: "use", role, taskId: task.id, index })}>
                  {role === "first-frame" ? <Film aria-hidden /> : <ImagePlus aria-hidden />}
                  {label}
                </Link>
              </Button>
            ) : (
              <Button key={role} size="sm" variant="outline" disabled aria-describedby={reasonId}>
                {role === "first-frame" ? <Film aria-hidden /> : <ImagePlus aria-hidden />}
                {label}
              </Button>
            ),
          )}
      </div>
      {succeeded && offers.useAsInput && !usable && (
        <p id={reasonId} className="text-xs text-muted-foreground">
          {INPUT_URL_MISSING}
        </p>
      )}
    </div>
  );
}
