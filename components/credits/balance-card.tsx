"use client";

import { useQuery } from "@/lib/query/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/dates";
import { formatNumber } from "@/lib/format";
import { balanceQueryOptions, useEnterBalance } from "@/lib/query/budgets";
import { errorMessage } from "@/lib/query/fetch-json";
import type { BalanceAnswer } from "@/lib/schemas/budgets";

/** The estimated balance from the admin's last entry; admins enter a new one as the provider's site shows it. */
export function BalanceCard({ initial, canEdit }: { initial: BalanceAnswer; canEdit: boolean }) {
  const { data = initial } = useQuery({ ...balanceQueryOptions(), initialData: initial });
  const { balance } = data;
  const enter = useEnterBalance();
  const [amount, setAmount] = useState("");
  const [invalid, setInvalid] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === "" || !Number.isInteger(value) || value < 0) return setInvalid("Enter the balance as a whole number of credits.");
    setInvalid(undefined);
    enter.mutate(value, { onSuccess: () => setAmount("") });
  }

  return (
    <Card aria-labelledby="balance-title" className="render-when-near">
      <CardHeader>
        <CardTitle id="balance-title">Balance (estimate)</CardTitle>
        <CardDescription>
          The API reports no balance. From the balance an admin entered, Darkroom takes away what tasks made since then used or reserved and
          adds back their refunds. Tasks made with the key outside Darkroom are not counted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {balance ? (
          <div className="grid gap-1" data-testid="balance-estimate">
            <p className="text-2xl font-semibold tabular-nums">
              ≈ {formatNumber(balance.estimate)} credits <span className="text-sm font-normal text-muted-foreground">estimate</span>
            </p>
            <p className="text-sm text-muted-foreground">
              From {formatNumber(balance.entered)} entered {formatDateTime(balance.enteredAt)}
              {balance.enteredBy ? ` by ${balance.enteredBy}` : ""}.
              {balance.queued > 0 ? ` Waiting submissions are expected to take about ${formatNumber(balance.queued)} more.` : ""}
            </p>
            {balance.confirmedLowAt && (
              <Alert tone="danger" title="Credits are short">
                The API refused a creation for lack of credits on {formatDateTime(balance.confirmedLowAt)}: top up on the provider&apos;s
                site, then enter the new balance.
              </Alert>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No balance entered yet.</p>
        )}
        {canEdit && (
          <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
            <FormField label="Balance on the provider's site (credits)" error={invalid} className="w-full max-w-xs">
              <Input type="number" inputMode="numeric" min={0} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} />
            </FormField>
            <Button type="submit" variant="outline" pending={enter.isPending}>
              Enter balance
            </Button>
          </form>
        )}
        <FormError message={enter.isError ? errorMessage(enter.error) : undefined} />
      </CardContent>
    </Card>
  );
}
