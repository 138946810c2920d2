"use client";

import { Columns3 } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import type { FieldSpec } from "@/lib/models/form";
import { toRequest } from "./form-values";
import { useFormStore } from "./use-form";

/**
 * "Compare": takes this form's prompt, model and settings to /compare, where other models (with their
 * defaults) are added beside it and all are sent as one comparison. Nothing is sent from here.
 */
export function CompareLink({ model, mode, fields }: { model: string; mode?: string; fields: readonly FieldSpec[] }) {
  const router = useRouter();
  const store = useFormStore();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="justify-self-start"
      onClick={() => {
        const { prompt, ...settings } = toRequest(store.values as Record<string, unknown>, fields, mode ? { mode } : {});
        const search = new URLSearchParams({ model, settings: JSON.stringify(settings) });
        if (typeof prompt === "string" && prompt) search.set("prompt", prompt);
        router.push(`/compare?${search.toString()}`);
      }}
    >
      <Columns3 aria-hidden />
      Compare with other models
    </Button>
  );
}
