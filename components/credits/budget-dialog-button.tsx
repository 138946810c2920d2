"use client";

import { Plus } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { BudgetView } from "@/lib/schemas/budgets";
import type { MemberOption } from "./budget-dialog";

// The form and its dialog (with zod to check the input) load on first use: most who open Credits only read it.
const loadDialog = () => import("./budget-dialog");
const BudgetDialog = lazy(() => loadDialog().then((module) => ({ default: module.BudgetDialog })));

/** "Set a budget" or a budget's "Edit": opens the budget dialog, fetching its code on the way (or on hover). */
export function BudgetDialogButton({ members, editing, timeZone }: { members: MemberOption[]; editing?: BudgetView; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDialog();
  return (
    <>
      <Button
        ref={button}
        variant={editing ? "outline" : "default"}
        size={editing ? "sm" : "default"}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
      >
        {!editing && <Plus aria-hidden />}
        {editing ? "Edit" : "Set a budget"}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BudgetDialog members={members} editing={editing} timeZone={timeZone} onClose={() => setOpen(false)} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
