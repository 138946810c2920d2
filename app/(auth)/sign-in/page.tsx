import type { Metadata } from "next";
import { SsoButtons } from "@/components/auth/sso-buttons";
import { redirectIfSignedIn, redirectToSetupIfEmpty } from "@/lib/auth/page";
import { ssoButtons } from "@/lib/auth/sso/providers";
import { AuthCard } from "../auth-card";
import { PasskeySignIn } from "./passkey-sign-in";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ sso_error?: string | string[] }> }) {
  await redirectToSetupIfEmpty();
  await redirectIfSignedIn();
  const ssoError = (await searchParams).sso_error;
  const buttons = await ssoButtons();
  const description = buttons.length
    ? "Use your team's single sign-on, or the email and password an admin gave you."
    : "Use the email and password an admin gave you.";
  return (
    <AuthCard title="Sign in to Darkroom" description={description}>
      <div className="grid gap-5">
        <SsoButtons buttons={buttons} error={typeof ssoError === "string" ? ssoError : undefined} />
        <SignInForm />
        <PasskeySignIn />
      </div>
    </AuthCard>
  );
}
