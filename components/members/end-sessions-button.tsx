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
import { endMemberSessions, useCall } from "@/lib/query/second-factor";

/** An admin signs a member out everywhere, after a confirmation that says what happens. */
export function EndSessionsButton({ member }: { member: Member }) {
  const [open, setOpen] = useState(false);
  const end = useCall(endMemberSessions);
  function onOpenChange(next: boolean) {
    if (end.isPending) return;
    setOpen(next);
    if (!next) end.reset();
  }
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          Sign out<span className="sr-only"> {member.name} everywhere</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Sign {member.name} out everywhere?</AlertDialogTitle>
          <AlertDialogDescription>
            Every session of theirs ends at its next request. They can sign in again; their access tokens keep working.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {end.isError && (
          <Alert tone="danger" role="alert">
            {errorMessage(end.error)}
          </Alert>
        )}
        {end.isSuccess && (
          <p role="status" className="text-sm">
            Signed out of {end.data.ended === 1 ? "1 session" : `${end.data.ended} sessions`}.
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={end.isPending}>{end.isSuccess ? "Close" : "Cancel"}</AlertDialogCancel>
          {!end.isSuccess && (
            <Button variant="destructive" pending={end.isPending} onClick={() => end.mutate(member.id)}>
              Sign out everywhere
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
