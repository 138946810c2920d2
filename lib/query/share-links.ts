import { useMutation } from "./react";
import type { NewShareLink } from "@/lib/schemas/new-share-link";
import type { ShareLinkView } from "@/lib/schemas/share-links";
import { fetchJson } from "./fetch-json";

// Mutations of share links: made from a task's page, revoked in Settings → Share links (which then refreshes
// the page's server data).

export function useCreateShareLink() {
  return useMutation({
    mutationFn: (input: NewShareLink) =>
      fetchJson<{ url: string; localOnly: boolean; link: ShareLinkView }>("/api/share-links", { method: "POST", json: input }),
  });
}

export function useRevokeShareLink() {
  return useMutation({
    mutationFn: (id: string) => fetchJson<undefined>(`/api/share-links/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
}
