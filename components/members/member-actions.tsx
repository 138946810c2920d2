"use client";

import { useState, type ReactNode } from "react";
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
import { endMemberSessions, resetMemberSecondFactor, useCall } from "@/lib/query/second-factor";

/** An admin's action on a member, after a confirmation that says what happens, with its outcome in the dialog. */
function MemberAction<T>({
  trigger,
  title,
  description,
  confirm,
  run,
  done,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirm: string;
  run: () => Promise<T>;
  done: (result: T) => string;
}) {
  const [open, setOpen] = useState(false);
  const action = useCall(run);
  function onOpenChange(next: boolean) {
    if (action.isPending) return;
    setOpen(next);
    if (!next) action.reset();
  }
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          {trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {action.isError && (
          <Alert tone="danger" role="alert">
            {errorMessage(action.error)}
          </Alert>
        )}
        {action.isSuccess && (
          <p role="status" className="text-sm">
            {done(action.data)}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={action.isPending}>{action.isSuccess ? "Close" : "Cancel"}</AlertDialogCancel>
          {!action.isSuccess && (
            <Button variant="destructive" pending={action.isPending} onClick={() => action.mutate(undefined)}>
              {confirm}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** An admin signs a member out everywhere. */
export function EndSessionsButton({ member }: { member: Member }) {
  return (
    <MemberAction
      trigger={
        <>
          Sign out<span className="sr-only"> {member.name} everywhere</span>
        </>
      }
      title={`Sign ${member.name} out everywhere?`}
      description="Every session of theirs ends at its next request. They can sign in again; their access tokens keep working."
      confirm="Sign out everywhere"
      run={() => endMemberSessions(member.id)}
      done={({ ended }) => `Signed out of ${ended === 1 ? "1 session" : `${ended} sessions`}.`}
    />
  );
}

/** An admin removes a member's second factors, for one who lost their phone and recovery codes. */
export function ResetSecondFactorButton({ member }: { member: Member }) {
  return (
    <MemberAction
      trigger={
        <>
          Reset second factor<span className="sr-only"> of {member.name}</span>
        </>
      }
      title={`Reset ${member.name}'s second factor?`}
      description="Their authenticator app and passkeys are removed and they are signed out everywhere. They sign in again with their password alone and, when the team requires one, set up a new second factor first. Make sure it is really them asking."
      confirm="Reset"
      run={() => resetMemberSecondFactor(member.id)}
      done={() => "Done: their second factor is removed."}
    />
  );
}
