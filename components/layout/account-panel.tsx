import { MyBudget } from "./my-budget";
import { SignOutButton } from "./sign-out-button";
import { ThemeToggle } from "./theme-toggle";
import { UserSummary, type ShellUser } from "./user-summary";

/** Who is signed in, plus sign-out and theme: the same block ends the sidebar and the phone menu. */
export function AccountPanel({ user, className }: { user: ShellUser; className?: string }) {
  return (
    <div className={className}>
      <UserSummary user={user} />
      <MyBudget />
      <div className="mt-3 flex items-center justify-between gap-2">
        <SignOutButton />
        <ThemeToggle />
      </div>
    </div>
  );
}
