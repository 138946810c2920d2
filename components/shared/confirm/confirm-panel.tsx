"use client";

import type { ReactNode, RefObject } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

export interface ConfirmPanelProps {
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  /** Shown between the description and the buttons (an error of the confirmed action). */
  notice?: ReactNode;
  /** The confirming button(s), after Cancel. */
  children: ReactNode;
  /** Gets focus back on close: the panel has no Radix trigger to return it to. */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** A Radix alert dialog, open while mounted (ConfirmDialog mounts it): focus kept inside, Escape and Cancel close it. */
export function ConfirmPanel({ onClose, title, description, cancelLabel = "Cancel", notice, children, returnFocus }: ConfirmPanelProps) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocus?.current?.isConnected) returnFocus.current.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {notice}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          {children}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
