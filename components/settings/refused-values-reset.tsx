"use client";

import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/query/fetch-json";
import { useResetRefusedValues } from "@/lib/query/settings";

export function RefusedValuesReset() {
  const router = useRouter();
  const reset = useResetRefusedValues();
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        className="w-fit"
        pending={reset.isPending}
        onClick={() => reset.mutate(undefined, { onSuccess: () => router.refresh() })}
      >
        {!reset.isPending && <RotateCcw aria-hidden />}
        Reset refused values
      </Button>
      {reset.isError && (
        <Alert tone="danger" title="The reset did not happen">
          {errorMessage(reset.error)}
        </Alert>
      )}
    </div>
  );
}
