import { queryOptions } from "./cache";
import { useMutation, useQueryClient } from "./react";
import type { Member, MemberPatch, NewMemberInput } from "@/lib/members/schemas";
import { fetchJson } from "./fetch-json";
import { memberKeys } from "./keys";

export function membersQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ members: Member[] }>("/api/members", { signal }).then((body) => body.members),
  });
}

function createMember(input: NewMemberInput): Promise<Member> {
  return fetchJson<{ member: Member }>("/api/members", { method: "POST", json: input }).then((body) => body.member);
}

function updateMember({ id, patch }: { id: string; patch: MemberPatch }): Promise<unknown> {
  return fetchJson(`/api/members/${encodeURIComponent(id)}`, { method: "PATCH", json: patch });
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** One PATCH per control; the list is refetched even after an error, since the server is the truth. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    // Returning the promise keeps the mutation pending until the fresh list is in, so a control never
    // flips back to the old value for a moment.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
