import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { NotificationsToggle } from "@/components/tasks/notifications-toggle";
import { TaskGallery } from "@/components/tasks/task-gallery";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { listMembers } from "@/lib/db/users";
import { roleAtLeast } from "@/lib/members/roles";
import { prefetchGallery } from "@/lib/query/server/prefetch-tasks";

export const metadata: Metadata = { title: "Tasks" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function TasksPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser();
  // The first page comes with the HTML (same filters and hidden tasks as the API): no round trip before the cards.
  const firstPage = await prefetchGallery(await searchParams, user);
  // The member filter's names: every role sees who made each task, so every role may filter by it.
  const members = (await listMembers(database().db)).map((member) => ({ id: member.id, name: member.name }));
  return (
    <>
      <PageHeader
        title="Tasks"
        description="Every image and video generation, with its status and results."
        actions={<NotificationsToggle />}
      />
      {/* No Suspense around the gallery: the cards then came in a streamed piece of the HTML, which React shows
          no sooner than 300 ms after the first paint, and a phone's largest picture (the first thumbnail) with it. */}
      <HydrationBoundary state={firstPage}>
        <TaskGallery
          members={members}
          canGenerate={roleAtLeast(user.role, "member")}
          viewer={{ id: user.id, canEdit: roleAtLeast(user.role, "member"), isAdmin: roleAtLeast(user.role, "admin") }}
        />
      </HydrationBoundary>
    </>
  );
}
