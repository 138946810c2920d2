"use client";

import { useRouter } from "next/navigation";
import { useId, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useCreateBoard } from "@/lib/query/boards";
import { errorMessage } from "@/lib/query/fetch-json";
import { BOARD_NAME_MAX } from "@/lib/schemas/board-views";

/** Names an empty board, visible to the team unless unticked, and opens it. */
export function NewBoardForm() {
  const create = useCreateBoard();
  const router = useRouter();
  const teamId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate(
      { name: String(form.get("name") ?? ""), teamVisible: form.get("teamVisible") === "on" },
      { onSuccess: ({ board }) => router.push(`/boards/${encodeURIComponent(board.id)}`) },
    );
  }

  return (
    <form onSubmit={submit} aria-label="New board" className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="New board" className="min-w-0 flex-1 basis-56">
          <Input name="name" required maxLength={BOARD_NAME_MAX} autoComplete="off" placeholder="e.g. Heron campaign" />
        </FormField>
        <div className="flex h-9 items-center gap-2">
          <input id={teamId} name="teamVisible" type="checkbox" defaultChecked className="size-4 accent-primary" />
          <label htmlFor={teamId} className="text-sm">
            The team sees it
          </label>
        </div>
        <Button type="submit" size="sm" pending={create.isPending}>
          Create board
        </Button>
      </div>
      {create.error && (
        <Alert tone="danger" role="alert" title="No board was made">
          {errorMessage(create.error)}
        </Alert>
      )}
    </form>
  );
}
