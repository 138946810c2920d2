import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { NotificationsToggle } from "@/components/tasks/notifications-toggle";
import { GallerySkeleton, TaskGallery } from "@/components/tasks/task-gallery";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { listMembers } from "@/lib/db/users";
import { roleAtLeast } from "@/lib/members/roles";

export const metadata: Metadata = { title: "Tasks" };

export default async function TasksPage() {
  const user = await requirePageUser();
  // The member filter's names: every role sees who made each task, so every role may filter by it.
  const members = (await listMembers(database().db)).map((member) => ({ id: member.id, name: member.name }));
  return (
    <>
      <PageHeader
        title="Tasks"
        description="Every image and video generation, with its status and results."
        actions={<NotificationsToggle />}
      />
      <Suspense fallback={<GallerySkeleton />}>
        <TaskGallery
          members={members}
          canGenerate={roleAtLeast(user.role, "member")}
          viewer={{ id: user.id, canEdit: roleAtLeast(user.role, "member"), isAdmin: roleAtLeast(user.role, "admin") }}
        />
      </Suspense>
    </>
  );
}
