import { LayoutGrid, Lock } from "lucide-react";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/layout/page-header";
import { NewBoardForm } from "@/components/tasks/new-board-form";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { boardsOf } from "@/lib/boards/boards";
import { formatUtcDateTime } from "@/lib/dates";
import { plural } from "@/lib/format";
import { roleAtLeast } from "@/lib/members/roles";
import type { BoardView } from "@/lib/schemas/board-views";

export const metadata: Metadata = { title: "Boards" };

// Boards: the member's own, then the team's (an admin also sees others' private ones), each with who made it and when.
export default async function BoardsPage() {
  const user = await requirePageUser();
  const boards = await boardsOf(user);
  const mine = boards.filter((board) => board.creator.id === user.id);
  const others = boards.filter((board) => board.creator.id !== user.id);
  const canMake = roleAtLeast(user.role, "member");
  return (
    <>
      <PageHeader title="Boards" description="Named collections of results, in the order you choose: to download, share or look through." />
      <div className="grid gap-8">
        {canMake && <NewBoardForm />}
        {boards.length === 0 ? (
          <EmptyState icon={LayoutGrid} title="No boards yet">
            {canMake
              ? "Name one above, or select results in the Tasks gallery and choose Add to board."
              : "Boards your team makes appear here."}
          </EmptyState>
        ) : (
          <>
            {canMake && <BoardList title="Your boards" boards={mine} empty="You have made no board yet." />}
            <BoardList title="The team's boards" boards={others} empty="No one else has made a board yet." />
          </>
        )}
      </div>
    </>
  );
}

function BoardList({ title, boards, empty }: { title: string; boards: BoardView[]; empty: string }) {
  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {boards.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {boards.map((board) => (
            <li
              key={board.id}
              className="grid min-w-0 gap-1 rounded-xl border bg-card p-4 shadow-sm focus-within:ring-2 focus-within:ring-primary/50"
            >
              <Link
                href={`/boards/${encodeURIComponent(board.id)}`}
                className="flex min-w-0 items-center gap-2 font-semibold underline-offset-4 hover:underline"
              >
                {!board.teamVisible && (
                  <>
                    <Lock aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
                    <span className="sr-only">Private: </span>
                  </>
                )}
                <span className="truncate">{board.name}</span>
              </Link>
              <p className="text-sm text-muted-foreground">
                {plural(board.items, "task")} · by {board.creator.name ?? "a removed member"}
              </p>
              <p className="text-xs text-muted-foreground">
                Made {formatUtcDateTime(board.createdAt)}
                {board.updatedAt !== board.createdAt && <>, changed {formatUtcDateTime(board.updatedAt)}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
