import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { MembersPanel } from "@/components/members/members-panel";
import { Alert } from "@/components/ui/alert";
import { requirePageUser } from "@/lib/auth/page";
import { roleAtLeast } from "@/lib/members/roles";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await requirePageUser();
  return (
    <>
      <PageHeader
        title="Members"
        description="Who can sign in to Darkroom, and what each person may do."
        back={{ href: "/settings", label: "Settings" }}
      />
      {roleAtLeast(user.role, "admin") ? (
        <MembersPanel currentUserId={user.id} />
      ) : (
        <Alert tone="info" role="status" title="Only admins can manage members">
          Ask an admin if someone needs to be added or a role changed.
        </Alert>
      )}
    </>
  );
}
