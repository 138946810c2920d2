import { queryOptions } from "@tanstack/react-query";
import type { Member, MemberPatch, NewMemberInput } from "@/lib/members/schemas";
import { fetchJson } from "./fetch-json";
import { queryKeys } from "./keys";

export function membersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.members.list(),
    queryFn: ({ signal }) => fetchJson<{ members: Member[] }>("/api/members", { signal }).then((body) => body.members),
  });
}

export function createMember(input: NewMemberInput): Promise<Member> {
  return fetchJson<{ member: Member }>("/api/members", { method: "POST", json: input }).then((body) => body.member);
}

export function updateMember({ id, patch }: { id: string; patch: MemberPatch }): Promise<unknown> {
  return fetchJson(`/api/members/${encodeURIComponent(id)}`, { method: "PATCH", json: patch });
}
