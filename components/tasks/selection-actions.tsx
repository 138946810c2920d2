"use client";

import { Download, EyeOff, LayoutGrid, Link2, X } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog, prefetchConfirm } from "@/components/shared/confirm/confirm-dialog";
import { Button } from "@/components/ui/button";
import { plural } from "@/lib/format";
import { downloadZip, hideTasks } from "@/lib/query/task-actions";
import { prefetchShareForm } from "./lazy-share-form";

export interface SelectionMessage {
  tone: "danger" | "info";
  text: string;
}

interface SelectionActionsProps {
  ids: string[];
  canShare: boolean;
  /** Whether the board and share sections are open (SelectionBar shows them, below its sticky part). */
  boarding: boolean;
  sharing: boolean;
  onBoarding: (open: boolean) => void;
  onSharing: (open: boolean) => void;
  onClear: () => void;
  onHidden: () => void;
  /** What happened, shown by SelectionBar under the toolbar (it outlives the selection). */
  onMessage: (message: SelectionMessage | null) => void;
}

/** The selection toolbar's buttons, loaded with the first selection (load-selection-actions.ts). */
export function SelectionActions({
  ids,
  canShare,
  boarding,
  sharing,
  onBoarding,
  onSharing,
  onClear,
  onHidden,
  onMessage,
}: SelectionActionsProps) {
  const [zipping, setZipping] = useState(false);
  const [hiding, setHiding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const hideButton = useRef<HTMLButtonElement>(null);
  const count = ids.length;

  const zip = async () => {
    setZipping(true);
    onMessage(null);
    const outcome = await downloadZip(ids);
    setZipping(false);
    onMessage(
      outcome.ok
        ? { tone: "info", text: `Your browser is downloading the ZIP of ${plural(count, "task")}.` }
        : { tone: "danger", text: outcome.message },
    );
  };
  const hide = async () => {
    setHiding(true);
    const { failed } = await hideTasks(ids);
    setHiding(false);
    setConfirming(false);
    onMessage(
      failed
        ? { tone: "danger", text: `${failed} of ${count} tasks could not be hidden. Try again.` }
        : { tone: "info", text: `${plural(count, "task")} hidden from your dashboard.` },
    );
    onHidden();
  };

  return (
    <div className="flex flex-1 flex-wrap justify-end gap-2">
      <Button size="sm" variant="outline" pending={zipping} onClick={zip}>
        <Download aria-hidden />
        Download ZIP
      </Button>
      {canShare && (
        <Button size="sm" variant="outline" aria-expanded={boarding} onClick={() => onBoarding(!boarding)}>
          <LayoutGrid aria-hidden />
          Add to board
        </Button>
      )}
      {canShare && (
        <Button
          size="sm"
          variant="outline"
          aria-expanded={sharing}
          onClick={() => onSharing(!sharing)}
          onPointerEnter={prefetchShareForm}
          onFocus={prefetchShareForm}
        >
          <Link2 aria-hidden />
          Share
        </Button>
      )}
      <Button
        ref={hideButton}
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        onPointerEnter={prefetchConfirm}
        onFocus={prefetchConfirm}
        onClick={() => setConfirming(true)}
      >
        <EyeOff aria-hidden />
        Hide
      </Button>
      {/* "Clear" on screen, so the bar stays one row at 1280 px with Add to board in it. */}
      <Button size="sm" variant="ghost" aria-label="Clear selection" onClick={onClear}>
        <X aria-hidden />
        Clear
      </Button>
      {/* In a portal: where it sits in the toolbar does not matter. */}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        returnFocus={hideButton}
        title={`Hide ${plural(count, "task")}?`}
        description="They leave your own dashboard; your teammates still see them. Their records and archived files stay; nothing is refunded or deleted upstream."
      >
        <Button variant="destructive" pending={hiding} onClick={hide}>
          Hide
        </Button>
      </ConfirmDialog>
    </div>
  );
}
