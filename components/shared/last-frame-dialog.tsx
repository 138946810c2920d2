"use client";

import { Film, ImagePlus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorMessage, fetchJson } from "@/lib/query/fetch-json";
import type { UploadView } from "@/lib/schemas/uploads";
import { entryHref, type InputRole } from "./entry-links";

// The person chooses the kind: a video goes on from its last frame only when asked, and an image model reworks it
// only when asked. The form then says which model and mode it chose (entry-prefill.ts).
const CHOICES: { role: InputRole; label: string; detail: string }[] = [
  { role: "first-frame", label: "Continue as a video", detail: "The first frame of an image-to-video model" },
  { role: "reference", label: "Rework as an image", detail: "A reference image of an image model" },
];

interface LastFrameDialogProps {
  taskId: string;
  index: number;
  onClose: () => void;
  /** The opener: it gets focus back on close, since the dialog has no Radix trigger to return it to. */
  returnFocus: RefObject<HTMLElement | null>;
}

/**
 * The choice behind "Use last frame", open while mounted (LastFrameButton mounts it): Darkroom takes the archived
 * video's last frame with ffmpeg and stores it as an upload (POST /api/tasks/{id}/last-frame), then opens the
 * workspace with that upload in the chosen field.
 */
export function LastFrameDialog({ taskId, index, onClose, returnFocus }: LastFrameDialogProps) {
  const router = useRouter();
  const [busy, setBusy] = useState<InputRole | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(role: InputRole) {
    setBusy(role);
    setProblem(null);
    try {
      const upload = await fetchJson<UploadView>(`/api/tasks/${encodeURIComponent(taskId)}/last-frame`, {
        method: "POST",
        json: { index },
      });
      router.push(entryHref({ kind: "use", role, taskId, index, frame: upload.url }));
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocus.current?.isConnected) returnFocus.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Use the last frame</DialogTitle>
          <DialogDescription>
            Darkroom saves the video’s last frame as an image and opens the form with it. Where should it go?
          </DialogDescription>
        </DialogHeader>
        {problem && (
          <p role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        )}
        <DialogFooter>
          {CHOICES.map(({ role, label, detail }) => (
            <Button
              key={role}
              variant={role === "first-frame" ? "default" : "outline"}
              disabled={busy !== null}
              onClick={() => choose(role)}
            >
              {role === "first-frame" ? <Film aria-hidden /> : <ImagePlus aria-hidden />}
              {busy === role ? "Taking the last frame…" : label}
              <span className="sr-only">: {detail}</span>
            </Button>
          ))}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
