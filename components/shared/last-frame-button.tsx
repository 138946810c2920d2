"use client";

import { Film, ImagePlus, SkipForward } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { errorMessage, fetchJson } from "@/lib/query/fetch-json";
import type { UploadView } from "@/lib/schemas/uploads";
import { entryHref, type InputRole } from "./entry-links";

// The person chooses the kind: a video goes on from its last frame only when asked, and an image model reworks it
// only when asked. The form then says which model and mode it chose (entry-prefill.ts).
const CHOICES: { role: InputRole; label: string; detail: string }[] = [
  { role: "first-frame", label: "Continue as a video", detail: "The first frame of an image-to-video model" },
  { role: "reference", label: "Rework as an image", detail: "A reference image of an image model" },
];

/**
 * "Use last frame" on a video result: Darkroom takes the archived video's last frame with ffmpeg and stores it as
 * an upload (POST /api/tasks/{id}/last-frame), then opens the workspace with that upload in the chosen field.
 */
export function LastFrameButton({ taskId, index = 0 }: { taskId: string; index?: number }) {
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
    <Dialog onOpenChange={(open) => !open && setProblem(null)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <SkipForward aria-hidden />
          Use last frame
        </Button>
      </DialogTrigger>
      <DialogContent>
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
