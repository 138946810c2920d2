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
import type { Member } from "@/lib/members/schemas";
import { errorMessage } from "@/lib/query/fetch-json";
import { resetMemberSecondFactor, useCall } from "@/lib/query/second-factor";

/** An admin removes a member's second factors, for one who lost their phone and recovery codes. */
export function ResetSecondFactorButton({ member }: { member: Member }) {
  const [open, setOpen] = useState(false);
  const reset = useCall(resetMemberSecondFactor);
  function onOpenChange(next: boolean) {
    if (reset.isPending) return;
    setOpen(next);
    if (!next) reset.reset();
  }
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          Reset second factor<span className="sr-only"> of {member.name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset {member.name}&apos;s second factor?</AlertDialogTitle>
          <AlertDialogDescription>
            Their authenticator app and passkeys are removed and they are signed out everywhere. They sign in again with their password
            alone and, when the team requires one, set up a new second factor first. Make sure it is really them asking.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {reset.isError && (
          <Alert tone="danger" role="alert">
            {errorMessage(reset.error)}
          </Alert>
        )}
        {reset.isSuccess && (
          <p role="status" className="text-sm">
            Done: their second factor is removed.
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={reset.isPending}>{reset.isSuccess ? "Close" : "Cancel"}</AlertDialogCancel>
          {!reset.isSuccess && (
            <Button variant="destructive" pending={reset.isPending} onClick={() => reset.mutate(member.id)}>
              Reset
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
