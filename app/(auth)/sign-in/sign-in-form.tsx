"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authClient } from "@/lib/auth/client";
import { signInSchema, type SignInInput } from "@/lib/members/schemas";
import { FORM_ERROR } from "@/lib/query/form-errors";
import { useGoHome } from "../use-go-home";
import { SecondStep } from "./second-step";

function signInErrorMessage(error: { status: number; message?: string }): string {
  // The server's 429 says how long to wait ("Try again in 8 seconds.").
  if (error.status === 429) return error.message || "Too many sign-in attempts; wait a moment and try again.";
  if (error.status === 401) return "Email or password is incorrect.";
  return error.message || "Sign-in failed. Try again in a moment.";
}

const COOKIE_REFUSED =
  "Your password was right, but this browser refused the session cookie, so you are not signed in. Allow cookies for this site; if Darkroom is behind an HTTPS proxy, open it through the proxy's https:// address.";

export function SignInForm() {
  const { pending, goHome } = useGoHome();
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  // A member with an authenticator app: the password was right, a code from the app comes next (issue 46).
  const [secondStep, setSecondStep] = useState(false);

  // Signed in on the server, but did the browser keep the session cookie? (It drops a Secure cookie over
  // plain HTTP, and some settings block cookies.) Without it every next page would ask to sign in again.
  async function keptCookie(): Promise<boolean> {
    const { data } = await authClient.getSession();
    if (!data) form.setError(FORM_ERROR, { message: COOKIE_REFUSED });
    return Boolean(data);
  }

  async function onSubmit({ email, password }: SignInInput) {
    try {
      const { data, error } = await authClient.signIn.email({ email, password });
      if (error) {
        form.setError(FORM_ERROR, { message: signInErrorMessage(error) });
        return;
      }
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) return setSecondStep(true);
      if (!(await keptCookie())) return;
    } catch {
      form.setError(FORM_ERROR, { message: "Could not reach Darkroom. Check your connection and try again." });
      return;
    }
    goHome();
  }

  if (secondStep)
    return (
      <SecondStep
        onSignedIn={async () => {
          if (await keptCookie()) goHome();
          else setSecondStep(false);
        }}
      />
    );

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
