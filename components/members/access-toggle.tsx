"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/query/fetch-json";
import type { Member } from "@/lib/members/schemas";
import { useUpdateMember } from "@/lib/query/members";

/** Disable or re-enable a member after a confirmation that stays open until the server has answered. */
export function AccessToggle({ member }: { member: Member }) {
  const [open, setOpen] = useState(false);
  const mutation = useUpdateMember();
  // Once confirmed, keep the wording of the action taken, even after the refreshed list flips the state.
  const disabling = mutation.isIdle ? !member.disabled : mutation.variables?.patch.disabled === true;

  function onOpenChange(next: boolean) {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) mutation.reset();
  }

  function confirm() {
    mutation.mutate({ id: member.id, patch: { disabled: disabling } }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          {member.disabled ? "Enable" : "Disable"}
          <span className="sr-only"> {member.name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{disabling ? `Disable ${member.name}?` : `Enable ${member.name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {disabling
              ? "They are signed out and cannot sign in again until enabled. Their tasks and history stay."
              : "They can sign in again with their password and keep their current role."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {mutation.isError && (
          <Alert tone="danger" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
          <Button variant={disabling ? "destructive" : "default"} pending={mutation.isPending} onClick={confirm}>
            {disabling ? "Disable" : "Enable"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
