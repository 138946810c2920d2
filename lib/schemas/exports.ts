// Client-safe views of the export token and webhook settings (Settings cards and their routes share them).
import { z } from "zod";

/** An export token works this many days after it was made or last renewed. */
export const EXPORT_TOKEN_DAYS = 90;

export interface ExportTokenView {
  id: string;
  owner: { id: string; name: string | null };
  createdAt: string;
  lastUsedAt: string | null;
  /** When it stops working unless renewed (it may be past: an expired token is listed so it can be renewed). */
  expiresAt: string;
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
