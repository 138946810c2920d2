"use client";

import { useQuery } from "@/lib/query/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ROLE_INFO } from "@/lib/members/roles";
import { type Member } from "@/lib/members/schemas";
import { errorMessage } from "@/lib/query/fetch-json";
import { membersQueryOptions } from "@/lib/query/members";
import { AddMemberDialog } from "./add-member-dialog";
import { MemberCards, MembersTable } from "./members-list";

function countLabel(members: Member[]): string {
  const active = members.filter((member) => !member.disabled).length;
  const total = `${members.length} ${members.length === 1 ? "member" : "members"}`;
  return active === members.length ? total : `${total}, ${active} active`;
}

export function MembersPanel({ currentUserId }: { currentUserId: string }) {
  const members = useQuery(membersQueryOptions());
  const [notice, setNotice] = useState("");

  return (
    <Card className="overflow-hidden">
      <CardHeader last>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="grid gap-1">
            <CardTitle>Team</CardTitle>
            <CardDescription>{members.data ? countLabel(members.data) : members.isPending ? "Loading…" : "Not loaded"}</CardDescription>
          </div>
          <AddMemberDialog onAdded={(member) => setNotice(`Added ${member.name} as ${ROLE_INFO[member.role].label}.`)} />
        </div>
      </CardHeader>
      {/* Always rendered, so screen readers announce the text when it changes. */}
      <div role="status" className="px-5 pb-4 empty:hidden sm:px-6">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      <div className="border-t">
        {members.isPending && <MembersSkeleton />}
        {members.isError && (
          <div className="p-5 sm:p-6">
            <Alert tone="danger" role="alert" title="Could not load the members">
              <p>{errorMessage(members.error)}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => members.refetch()} pending={members.isFetching}>
                Try again
              </Button>
            </Alert>
          </div>
        )}
        {members.data && (
          <>
            <MembersTable members={members.data} currentUserId={currentUserId} />
            <MemberCards members={members.data} currentUserId={currentUserId} />
          </>
        )}
      </div>
    </Card>
  );
}

function MembersSkeleton() {
  return (
    <div aria-busy className="divide-y">
      <span className="sr-only">Loading members…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden className="flex items-center justify-between gap-4 px-5 py-4 sm:px-6">
          <div className="grid gap-2">
            <div className="h-4 w-32 animate-pulse rounded bg-muted" />
            <div className="h-3 w-48 animate-pulse rounded bg-muted" />
          </div>
          <div className="h-8 w-24 animate-pulse rounded-md bg-muted" />
        </div>
      ))}
    </div>
  );
}
