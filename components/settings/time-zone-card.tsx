"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isTimeZone } from "@/lib/budgets/period";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { useSetTimeZone } from "@/lib/query/budgets";

/** The team's time zone (admins): where budget days, weeks and months begin. */
export function TimeZoneCard({ timeZone }: { timeZone: string }) {
  const router = useRouter();
  const [value, setValue] = useState(timeZone);
  const [invalid, setInvalid] = useState<string>();
  const save = useSetTimeZone();
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isTimeZone(value.trim())) return setInvalid("Enter an IANA time zone name, such as Europe/Paris or America/New_York.");
    setInvalid(undefined);
    save.mutate(value.trim(), { onSuccess: () => router.refresh() });
  }

  const fieldError = invalid ?? (save.error instanceof ApiError ? save.error.fields.timeZone : undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team time zone</CardTitle>
        <CardDescription>Budget periods are calendar days, weeks (from Monday) and months on this clock. Now: {timeZone}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
          <FormField label="Time zone" error={fieldError} className="w-full max-w-xs">
            <Input list="time-zones" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />
          </FormField>
          <datalist id="time-zones">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <Button type="submit" variant="outline" pending={save.isPending}>
            Save time zone
          </Button>
        </form>
        <FormError message={save.isError && !fieldError ? errorMessage(save.error) : undefined} />
        {save.isSuccess && (
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            Saved.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
