"use client";

import { useState, type FormEvent, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { BudgetPeriod } from "@/lib/budgets/period";
import { useSetBudget } from "@/lib/query/budgets";
import { ApiError, errorMessage } from "@/lib/query/fetch-json";
import { budgetInputSchema, type BudgetView } from "@/lib/schemas/budgets";

export interface MemberOption {
  id: string;
  name: string;
}

interface BudgetDialogProps {
  members: MemberOption[];
  editing?: BudgetView;
  timeZone: string;
  onClose: () => void;
  /** The button that opened it, focused again once it closes. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/**
 * Sets a budget (admins): a member's or the team's, per day, week or month. Setting one again changes its limit.
 * Shown open while mounted (BudgetDialogButton loads it on first use); each opening starts from `editing`.
 */
export function BudgetDialog({ members, editing, timeZone, onClose, returnFocus }: BudgetDialogProps) {
  const [scope, setScope] = useState<"member" | "team">(editing?.scope ?? "member");
  const [userId, setUserId] = useState(editing?.userId ?? members[0]?.id ?? "");
  const [period, setPeriod] = useState<BudgetPeriod>(editing?.period ?? "day");
  const [limit, setLimit] = useState(editing ? String(editing.limit) : "");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useSetBudget();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = budgetInputSchema.safeParse({
      scope,
      ...(scope === "member" ? { userId } : {}),
      period,
      limit: limit.trim() === "" ? Number.NaN : Number(limit),
    });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFieldErrors({});
    save.mutate(parsed.data, { onSuccess: onClose });
  }

  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <Dialog open onOpenChange={(next) => next || onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{editing ? "Edit budget" : "Set a budget"}</DialogTitle>
          <DialogDescription>
            Counts credits committed: used, reserved by running tasks and expected for waiting submissions, less refunds. Periods are
            calendar days, weeks (from Monday) and months in {timeZone}.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField label="For">
            <Select value={scope} onChange={(e) => setScope(e.target.value as "member" | "team")} disabled={Boolean(editing)}>
              <option value="member">One member</option>
              <option value="team">The whole team</option>
            </Select>
          </FormField>
          {scope === "member" && (
            <FormField label="Member" error={fieldErrors.userId ?? serverFields.userId}>
              <Select value={userId} onChange={(e) => setUserId(e.target.value)} disabled={Boolean(editing)}>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField label="Period">
            <Select value={period} onChange={(e) => setPeriod(e.target.value as BudgetPeriod)} disabled={Boolean(editing)}>
              <option value="day">Day</option>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </Select>
          </FormField>
          <FormField label="Limit (credits)" error={fieldErrors.limit ?? serverFields.limit}>
            <Input type="number" inputMode="numeric" min={0} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} />
          </FormField>
          <FormError message={save.isError && Object.keys(serverFields).length === 0 ? errorMessage(save.error) : undefined} />
          <DialogFooter>
            <Button type="submit" pending={save.isPending}>
              Save budget
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
