"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query/keys";
import { updateMember } from "@/lib/query/members";

/** One PATCH per control; the list is refetched even after an error, since the server is the truth. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    // Returning the promise keeps the mutation pending until the fresh list is in, so a control never
    // flips back to the old value for a moment.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}
