import { useMutation } from "./react";
import type { AccessTokenView, NewAccessToken } from "@/lib/schemas/access-tokens";
import { fetchJson } from "./fetch-json";

// Mutations of Settings → Access tokens; the card refreshes the page's server data after each.

export function useCreateAccessToken() {
  return useMutation({
    mutationFn: (input: NewAccessToken) =>
      fetchJson<{ token: string; tokenInfo: AccessTokenView }>("/api/settings/access-tokens", { method: "POST", json: input }),
  });
}

export function useRevokeAccessToken() {
  return useMutation({
    mutationFn: (id: string) => fetchJson<undefined>(`/api/settings/access-tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
}
