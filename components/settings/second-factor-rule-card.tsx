"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/query/fetch-json";
import { setSecondFactorRule, useCall } from "@/lib/query/second-factor";

const CHOICES = [
  { value: "off", label: "Nobody (each member chooses)" },
  { value: "admins", label: "Admins" },
  { value: "everyone", label: "Everyone" },
];

/** Admins: who must have a second factor. Those without one set it up at their next request, before any page. */
export function SecondFactorRuleCard({ required }: { required: string }) {
  const router = useRouter();
  const [value, setValue] = useState(required);
  const save = useCall(setSecondFactorRule);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Require a second factor</CardTitle>
        <CardDescription>
          Who must have an authenticator app or a passkey. Anyone it covers who has none is led to set one up before any page or API route
          answers them (you too).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(value, { onSuccess: () => router.refresh() });
          }}
        >
          <FormField label="Required for" className="w-full max-w-xs">
            <Select value={value} onChange={(e) => setValue(e.target.value)}>
              {CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="submit" variant="outline" pending={save.isPending}>
            Save rule
          </Button>
        </form>
        {save.isError && (
          <div className="mt-3">
            <Alert tone="danger" role="alert">
              {errorMessage(save.error)}
            </Alert>
          </div>
        )}
        {save.isSuccess && (
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            Saved.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
