import { useMutation } from "./react";
import type { SsoProviderInput } from "@/lib/schemas/sso";
import type { PasswordPolicy, SsoSettingsView } from "@/lib/schemas/sso-views";
import { fetchJson } from "./fetch-json";

// Single sign-on's settings (admins): a provider set up, changed or removed, and who may use passwords.

const providerUrl = (id: string) => `/api/settings/sso/${encodeURIComponent(id)}`;

export function useSaveSsoProvider() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SsoProviderInput }) =>
      fetchJson<SsoSettingsView>(providerUrl(id), { method: "PUT", json: input }),
  });
}

export function useRemoveSsoProvider() {
  return useMutation({ mutationFn: (id: string) => fetchJson<SsoSettingsView>(providerUrl(id), { method: "DELETE" }) });
}

export function useSetPasswordPolicy() {
  return useMutation({
    mutationFn: (passwords: PasswordPolicy) => fetchJson<SsoSettingsView>("/api/settings/sso", { method: "PUT", json: { passwords } }),
  });
}
