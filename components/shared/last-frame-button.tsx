"use client";

import { SkipForward } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

// The choice (radix Dialog, with the request and the navigation) is fetched when the button is hovered or focused,
// or on the first click: few visits take a video's last frame, and a static import put radix Dialog (≈ 14 KiB) in
// the first screen of every task page, images included.
const loadDialog = () => import("./last-frame-dialog");
const LastFrameDialog = lazy(() => loadDialog().then((module) => ({ default: module.LastFrameDialog })));
const prefetchDialog = () => void loadDialog();

/** "Use last frame" on a video result: asks where the frame should go (LastFrameDialog), then opens the workspace. */
export function LastFrameButton({ taskId, index = 0 }: { taskId: string; index?: number }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        onClick={() => setOpen(true)}
      >
        <SkipForward aria-hidden />
        Use last frame
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LastFrameDialog taskId={taskId} index={index} onClose={() => setOpen(false)} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
