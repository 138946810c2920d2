import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { BoardDetail } from "@/components/tasks/board-detail";
import { requirePageUser } from "@/lib/auth/page";
import { boardPage } from "@/lib/boards/boards";
import { formatUtcDateTime } from "@/lib/dates";
import { AppError } from "@/lib/errors";
import { plural } from "@/lib/format";
import { roleAtLeast } from "@/lib/members/roles";

export const metadata: Metadata = { title: "Board" };

// One board: who made it and when, and its tasks in board order as the gallery shows them (only those this
// member can see). Read through the same function as GET /api/boards/{id}.
export default async function BoardPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const page = await boardPage(user, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const { board } = page;
  return (
    <>
      <PageHeader
        title={board.name}
        back={{ href: "/boards", label: "Boards" }}
        description={
          <>
            {plural(page.tasks.length, "task")} · made by {board.creator.name ?? "a removed member"} on {formatUtcDateTime(board.createdAt)}
            {board.teamVisible ? "" : " · private"}
          </>
        }
      />
      <BoardDetail page={page} canShare={roleAtLeast(user.role, "member")} />
    </>
  );
}
