import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirectIfSetUp, redirectIfSignedIn } from "@/lib/auth/page";
import { setupTokenRequired } from "@/lib/auth/setup-token";
import { AuthCard } from "../auth-card";
import { SetupForm } from "./setup-form";

export const metadata: Metadata = { title: "Set up" };

export default async function SetupPage() {
  await redirectIfSetUp();
  await redirectIfSignedIn();
  return (
    <AuthCard title="Set up Darkroom" description="Create the first admin account. There is no default account or password.">
      <SetupForm tokenRequired={setupTokenRequired(await headers())} />
    </AuthCard>
  );
}
