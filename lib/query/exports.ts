import { useMutation } from "./react";
import type { ExportTokenView, WebhookDeliveryView, WebhookView } from "@/lib/schemas/exports";
import { fetchJson } from "./fetch-json";

// Mutations of the Settings cards for export tokens and the webhook; the cards refresh the page's server data after each.

export function useCreateExportToken() {
  return useMutation({
    mutationFn: () => fetchJson<{ token: string; tokenInfo: ExportTokenView }>("/api/settings/export-tokens", { method: "POST" }),
  });
}

export function useRevokeExportToken() {
  return useMutation({
    mutationFn: (id: string) => fetchJson<undefined>(`/api/settings/export-tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
}

export function useRenewExportToken() {
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ id: string; expiresAt: string }>(`/api/settings/export-tokens/${encodeURIComponent(id)}/renew`, { method: "POST" }),
  });
}

export function useSetWebhook() {
  return useMutation({ mutationFn: (url: string) => fetchJson<WebhookView>("/api/settings/webhook", { method: "PUT", json: { url } }) });
}

export function useRemoveWebhook() {
  return useMutation({ mutationFn: () => fetchJson<WebhookView>("/api/settings/webhook", { method: "DELETE" }) });
}

export function useSendTestWebhook() {
  return useMutation({
    mutationFn: () => fetchJson<{ delivery: WebhookDeliveryView }>("/api/settings/webhook/test", { method: "POST" }),
  });
}
