"use client";

import { PlugZap } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/query/fetch-json";
import { useTestConnection } from "@/lib/query/settings";
import { PROBE_TONE } from "./probe-tone";

const TITLE = {
  success: "Connected",
  warning: "Connected, with a warning",
  danger: "Connection problem",
  muted: "Not configured",
} as const;

export function ConnectionTest() {
  const test = useTestConnection();
  const tone = test.data ? PROBE_TONE[test.data.state] : undefined;
  return (
    <div className="grid w-full gap-3">
      <Button variant="outline" className="w-fit" pending={test.isPending} onClick={() => test.mutate()}>
        {!test.isPending && <PlugZap aria-hidden />}
        {test.isPending ? "Testing…" : "Test connection"}
      </Button>
      {/* Always present, so the result is announced when it arrives. */}
      <div role="status" className="empty:hidden">
        {test.data && tone ? (
          <Alert
            tone={tone === "muted" ? "info" : tone}
            title={TITLE[tone]}
            data-testid="connection-test-result"
            data-state={test.data.state}
          >
            {test.data.message}
            {test.data.latencyMs !== undefined && <span className="text-muted-foreground"> ({test.data.latencyMs} ms)</span>}
          </Alert>
        ) : null}
        {test.isError ? (
          <Alert tone="danger" title="The test could not run">
            {errorMessage(test.error)}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
