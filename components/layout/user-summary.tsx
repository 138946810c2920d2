import { RoleBadge } from "@/components/shared/role-badge";
import type { Role } from "@/lib/members/roles";

export interface ShellUser {
  name: string;
  email: string;
  role: Role;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

export function UserSummary({ user }: { user: ShellUser }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
      >
        {initials(user.name)}
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="truncate text-sm font-medium" title={user.email}>
          <span className="sr-only">Signed in as </span>
          {user.name}
        </p>
        <RoleBadge role={user.role} />
      </div>
    </div>
  );
}
