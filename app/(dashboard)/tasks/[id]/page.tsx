import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { TaskDetail } from "@/components/tasks/task-detail";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { eventLogEnd } from "@/lib/query/server/event-log-end";
import { prefetchChildTasks } from "@/lib/query/server/prefetch-tasks";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { isHiddenForMember } from "@/lib/db/task-hides";
import { getResults } from "@/lib/db/tasks";
import { roleAtLeast } from "@/lib/members/roles";
import { getUpstreamSettings } from "@/lib/upstream/settings";
import { memberViewer } from "@/lib/policy/see";
import { lineageOf } from "@/lib/tasks/lineage-view";
import { withEstimates } from "@/lib/tasks/estimates";
import { findListedTask } from "@/lib/tasks/task-ids";
import { taskView } from "@/lib/tasks/task-views";

export const metadata: Metadata = { title: "Task" };

export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  // Before the task is read: its live updates resume from here (see eventLogEnd).
  const eventsAfter = await eventLogEnd();
  // By the id the gallery shows (the gateway's, for a task a script made) or by the API's: the same page.
  const row = await findListedTask(database().db, decodeURIComponent(id));
  if (!row) notFound();
  const [view] = await withEstimates(database().db, [taskView(row, await getResults(database().db, { taskId: row.id }))]);
  const task = {
    ...view!,
    hiddenForMe: await isHiddenForMember(database().db, { taskId: row.id, userId: user.id }),
  };
  // The plan sets how long the upstream keeps an image; the API does not report it, so the server passes it.
  // What was made from it, read as its lineage asks for it: nothing to fetch as the page hydrates.
  const { queries } = await prefetchChildTasks(row.id, user.id);
  const { plan } = getUpstreamSettings();
  return (
    <>
      <PageHeader
        title="Task"
        description={<span className="font-mono text-xs break-all">{task.publicId ?? task.id}</span>}
        back={{ href: "/tasks", label: "Tasks" }}
      />
      <HydrationBoundary state={{ queries, eventsAfter }}>
        <TaskDetail
          initial={task}
          sources={await lineageOf(database().db, { task: row, viewer: memberViewer(user) })}
          plan={plan}
          canEdit={roleAtLeast(user.role, "member")}
          canHideForTeam={roleAtLeast(user.role, "admin") || (roleAtLeast(user.role, "member") && row.user_id === user.id)}
        />
      </HydrationBoundary>
    </>
  );
}
