import type { Metadata } from "next";
import { redirectIfSignedIn, redirectToSetupIfEmpty } from "@/lib/auth/page";
import { AuthCard } from "../auth-card";
import { PasskeySignIn } from "./passkey-sign-in";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  await redirectToSetupIfEmpty();
  await redirectIfSignedIn();
  return (
    <AuthCard title="Sign in to Darkroom" description="Use the email and password an admin gave you.">
      <SignInForm />
      <PasskeySignIn />
    </AuthCard>
  );
}
