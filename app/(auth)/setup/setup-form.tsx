"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PASSWORD_MIN, setupSchema, type SetupInput } from "@/lib/members/schemas";
import { ApiError } from "@/lib/query/fetch-json";
import { applyApiError } from "@/lib/query/form-errors";
import { submitSetup } from "@/lib/query/setup";
import { useGoHome } from "../use-go-home";

const FIELDS = ["name", "email", "password", "setupToken"] as const;

/** `tokenRequired`: this browser is on another machine, so the first admin proves access to the server log. */
export function SetupForm({ tokenRequired = false }: { tokenRequired?: boolean }) {
  const { pending, goHome } = useGoHome();
  // Someone else may finish setup while this page is open; then the form has nothing left to do.
  const [alreadySetUp, setAlreadySetUp] = useState(false);
  const form = useForm({ resolver: zodResolver(setupSchema), defaultValues: { name: "", email: "", password: "", setupToken: "" } });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: SetupInput) {
    try {
      await submitSetup(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setAlreadySetUp(true);
      else applyApiError(error, form.setError, { fields: FIELDS });
      return;
    }
    goHome();
  }

  if (alreadySetUp) {
    return (
      <Alert tone="info" role="alert" title="Darkroom is already set up">
        An admin account exists. <Link href="/sign-in">Sign in</Link> with your account, or ask an admin to add you.
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormError message={errors.root?.server?.message} />
      <FormField label="Your name" error={errors.name?.message}>
        <Input autoComplete="name" autoFocus {...form.register("name")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} {...form.register("email")} />
      </FormField>
      {/* The rule until it is broken, then the error alone: not "At least 10" above "Use at least 10" (issue 45). */}
      <FormField
        label="Password"
        description={errors.password ? undefined : `At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      {tokenRequired && (
        <FormField
          label="Setup token"
          description="Darkroom is reachable from other machines, so it printed a one-time token in its server log when it started."
          error={errors.setupToken?.message}
        >
          <Input autoComplete="off" spellCheck={false} {...form.register("setupToken")} />
        </FormField>
      )}
      <Button type="submit" size="lg" className="mt-1 w-full" pending={isSubmitting || pending}>
        Create admin account
      </Button>
    </form>
  );
}
