"use client";

import { Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatUtcDateTime } from "@/lib/dates";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { useRemoveWebhook, useSendTestWebhook, useSetWebhook } from "@/lib/query/exports";
import type { WebhookDeliveryView, WebhookView } from "@/lib/schemas/exports";

const STATE = { delivered: "success", failed: "danger", pending: "default" } as const;

function Delivery({ delivery }: { delivery: WebhookDeliveryView }) {
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`;
  return (
    <li className="grid gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant={STATE[delivery.state]}>{delivery.state}</Badge>
        <span>{delivery.kind === "test" ? "Test message" : delivery.kind}</span>
        <span className="font-mono text-xs text-muted-foreground">
          {formatUtcDateTime(delivery.lastAttemptAt ?? delivery.createdAt)} · {tries}
          {delivery.nextAttemptAt && delivery.attempts > 0 ? ` · next try ${formatUtcDateTime(delivery.nextAttemptAt)}` : ""}
        </span>
      </span>
      {delivery.lastError && <span className="text-xs text-muted-foreground">{delivery.lastError}</span>}
    </li>
  );
}

/** The team's webhook for alerts (Slack or Discord incoming webhook): its URL, a test, and the latest deliveries. */
export function WebhookCard({ webhook }: { webhook: WebhookView }) {
  const router = useRouter();
  const id = useId();
  const [url, setUrl] = useState("");
  const save = useSetWebhook();
  const remove = useRemoveWebhook();
  const test = useSendTestWebhook();
  const refresh = () => router.refresh();
  const fieldError = save.error instanceof ApiError ? save.error.fields.url : undefined;
  const failed = (!fieldError && save.error) || remove.error || test.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhook</CardTitle>
        <CardDescription>
          Budget alerts are also posted here: paste a Slack or Discord incoming-webhook URL. Public HTTPS addresses only; failed posts are
          retried with growing pauses.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm" data-testid="webhook-target">
          {webhook.target ? (
            <>
              Posting to <span className="font-mono">{webhook.target}</span>
            </>
          ) : (
            "No webhook set."
          )}
        </p>
        <form
          className="grid gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(url, {
              onSuccess: () => {
                setUrl("");
                refresh();
              },
            });
          }}
        >
          <Label htmlFor={`${id}-url`}>{webhook.target ? "Replace the URL" : "Webhook URL"}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://hooks.slack.com/services/…"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              className="max-w-md flex-1"
            />
            <Button type="submit" pending={save.isPending} disabled={url.trim() === ""}>
              Save
            </Button>
          </div>
          {fieldError && (
            <p id={`${id}-error`} className="text-sm text-danger">
              {fieldError}
            </p>
          )}
        </form>
        {webhook.target && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" pending={test.isPending} onClick={() => test.mutate(undefined, { onSettled: refresh })}>
              {!test.isPending && <Send aria-hidden />}
              Send test
            </Button>
            <Button variant="ghost" pending={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: refresh })}>
              Remove webhook
            </Button>
          </div>
        )}
        {test.data && (
          <Alert tone={test.data.delivery.state === "delivered" ? "success" : "warning"} role="status">
            {test.data.delivery.state === "delivered"
              ? "The test message arrived."
              : `The test message did not arrive${test.data.delivery.lastError ? `: ${test.data.delivery.lastError}` : "."}`}
          </Alert>
        )}
        {failed && (
          <Alert tone="danger" title="That did not work" role="alert">
            {errorMessage(failed)}
          </Alert>
        )}
        {webhook.deliveries.length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">Latest deliveries</h3>
            <ul className="grid gap-2 text-sm" data-testid="webhook-deliveries">
              {webhook.deliveries.map((delivery) => (
                <Delivery key={delivery.id} delivery={delivery} />
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
