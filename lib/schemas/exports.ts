// Client-safe views of the export token and webhook settings (Settings cards and their routes share them).
import { z } from "zod";

export interface ExportTokenView {
  id: string;
  owner: { id: string; name: string | null };
  createdAt: string;
  lastUsedAt: string | null;
}

export interface WebhookDeliveryView {
  id: string;
  kind: string;
  state: "pending" | "delivered" | "failed";
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface WebhookView {
  /** The configured URL with its secret part hidden (`https://hooks.slack.com/…`), or null. */
  target: string | null;
  deliveries: WebhookDeliveryView[];
}

export const webhookUrlSchema = z.object({
  url: z
    .string({ error: "Enter the webhook's URL." })
    .trim()
    .min(1, "Enter the webhook's URL.")
    .max(2048, "A webhook URL has at most 2,048 characters."),
});
