import type { Metadata } from "next";
import { connection } from "next/server";
import { redirectIfSetUp, redirectIfSignedIn } from "@/lib/auth/page";
import { AuthCard } from "../auth-card";
import { SetupForm } from "./setup-form";

export const metadata: Metadata = { title: "Set up" };

export default async function SetupPage() {
  await connection(); // whether anyone exists changes at run time: never prerender this page
  await redirectIfSetUp();
  await redirectIfSignedIn();
  return (
    <AuthCard title="Set up Darkroom" description="Create the first admin account. There is no default account or password.">
      <SetupForm />
    </AuthCard>
  );
}
