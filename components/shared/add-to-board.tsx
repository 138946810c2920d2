"use client";

import { Plus } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { plural } from "@/lib/format";
import { boardListOptions, useAddToBoard, useCreateBoard } from "@/lib/query/boards";
import { errorMessage } from "@/lib/query/fetch-json";
import { useQuery } from "@/lib/query/react";
import { BOARD_NAME_MAX } from "@/lib/schemas/board-views";

/**
 * Puts tasks on a board: one of the boards this member may change, or a new one named here. Shown in place
 * (the gallery's selection bar, the lightbox's side panel) rather than as a dialog over a dialog.
 */
export function AddToBoard({ taskIds, what }: { taskIds: string[]; what: string }) {
  const boards = useQuery(boardListOptions());
  const add = useAddToBoard();
  const create = useCreateBoard();
  const [done, setDone] = useState<{ id: string; name: string; added: number } | null>(null);
  const mine = (boards.data?.boards ?? []).filter((board) => board.canEdit);

  function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    create.mutate(
      { name, taskIds },
      {
        onSuccess: ({ board }) => {
          setDone({ id: board.id, name: board.name, added: board.items });
          form.reset();
        },
      },
    );
  }

  const error = add.error ?? create.error;
  return (
    <div className="grid min-w-0 gap-3">
      {boards.isError ? (
        <Alert tone="danger" role="alert">
          {errorMessage(boards.error)}
        </Alert>
      ) : mine.length > 0 ? (
        <ul aria-label="Your boards" className="flex min-w-0 flex-wrap gap-2">
          {mine.map((board) => (
            <li key={board.id} className="max-w-full min-w-0">
              <Button
                className="max-w-full"
                size="sm"
                variant="outline"
                pending={add.isPending && add.variables?.id === board.id}
                aria-label={`Add ${what} to ${board.name}`}
                onClick={() =>
                  add.mutate(
                    { id: board.id, taskIds },
                    { onSuccess: (answer) => setDone({ id: board.id, name: answer.board.name, added: answer.added }) },
                  )
                }
              >
                <Plus aria-hidden />
                <span className="truncate">{board.name}</span>
                <span className="font-normal text-muted-foreground">{board.items}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        boards.isSuccess && <p className="text-sm text-muted-foreground">You have no board yet: name one below.</p>
      )}
      <form onSubmit={make} className="flex flex-wrap items-end gap-2">
        <FormField label="New board" className="min-w-0 flex-1 basis-48">
          <Input name="name" required maxLength={BOARD_NAME_MAX} autoComplete="off" placeholder="e.g. Heron campaign" />
        </FormField>
        <Button type="submit" size="sm" pending={create.isPending}>
          Create with {what}
        </Button>
      </form>
      {done && !error && (
        <Alert tone="success" role="status">
          {done.added === 0 ? "Already on " : `${plural(done.added, "task")} added to `}
          <Link href={`/boards/${encodeURIComponent(done.id)}`}>{done.name}</Link>.
        </Alert>
      )}
      {error && (
        <Alert tone="danger" role="alert" title="Nothing was added">
          {errorMessage(error)}
        </Alert>
      )}
    </div>
  );
}
