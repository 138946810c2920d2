"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type Role } from "@/lib/members/roles";
import { PASSWORD_MIN, newMemberSchema, type Member, type NewMemberInput } from "@/lib/members/schemas";
import { applyApiError } from "@/lib/query/form-errors";
import { useCreateMember } from "@/lib/query/members";
import { RoleRadioGroup } from "./role-radio-group";

const FIELDS = ["name", "email", "password", "role"] as const;

export function AddMemberForm({ onAdded }: { onAdded: (member: Member) => void }) {
  const form = useForm({
    resolver: zodResolver(newMemberSchema),
    defaultValues: { name: "", email: "", password: "", role: "member" as Role },
  });
  const { errors, isSubmitting } = form.formState;
  const create = useCreateMember();

  async function onSubmit(values: NewMemberInput) {
    try {
      onAdded(await create.mutateAsync(values));
    } catch (error) {
      applyApiError(error, form.setError, { fields: FIELDS, codeFields: { "conflict:email": "email" } });
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormError message={errors.root?.server?.message} />
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {/* Another person's address: the browser must not offer the admin's own. */}
        <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} {...form.register("email")} />
      </FormField>
      <FormField
        label="Initial password"
        // The rule until it is broken, then the error in its place (issue 45).
        description={
          errors.password ? "Share it with them privately." : `At least ${PASSWORD_MIN} characters. Share it with them privately.`
        }
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <RoleRadioGroup field={form.register("role")} error={errors.role?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" pending={isSubmitting}>
          Add member
        </Button>
      </DialogFooter>
    </form>
  );
}
