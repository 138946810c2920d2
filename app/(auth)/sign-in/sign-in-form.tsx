"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authClient } from "@/lib/auth/client";
import { signInSchema, type SignInInput } from "@/lib/members/schemas";
import { FORM_ERROR } from "@/lib/query/form-errors";
import { useGoHome } from "../use-go-home";

function signInErrorMessage(error: { status: number; message?: string }): string {
  if (error.status === 429) return "Too many sign-in attempts; wait a minute and try again.";
  if (error.status === 401) return "Email or password is incorrect.";
  return error.message || "Sign-in failed. Try again in a moment.";
}

export function SignInForm() {
  const { pending, goHome } = useGoHome();
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({ email, password }: SignInInput) {
    try {
      const { error } = await authClient.signIn.email({ email, password });
      if (error) {
        form.setError(FORM_ERROR, { message: signInErrorMessage(error) });
        return;
      }
    } catch {
      form.setError(FORM_ERROR, { message: "Could not reach Darkroom. Check your connection and try again." });
      return;
    }
    goHome();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormError message={errors.root?.server?.message} />
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} autoFocus {...form.register("email")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full" pending={isSubmitting || pending}>
        Sign in
      </Button>
    </form>
  );
}
