import type { Metadata } from "next";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { requireEnrollingPageUser } from "@/lib/auth/page";
import { AuthCard } from "../auth-card";
import { Enrolment } from "./enrolment";

export const metadata: Metadata = { title: "Set up a second factor" };

// Where the team's rule sends a member without a second factor, before any other page (lib/auth/page.ts); every
// API route but the ones used here refuses them meanwhile (lib/auth/session.ts).
export default async function SecondFactorPage() {
  const user = await requireEnrollingPageUser();
  return (
    <AuthCard
      title="Set up a second factor"
      description={`Your team requires a second factor for ${user.email}. Set up an authenticator app or a passkey to continue.`}
    >
      <div className="grid gap-6">
        <Enrolment />
        <div className="border-t border-border pt-4">
          <SignOutButton />
        </div>
      </div>
    </AuthCard>
  );
}
