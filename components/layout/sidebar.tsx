import { AccountPanel } from "./account-panel";
import { Brand } from "./brand";
import { NavLinks } from "./nav-links";
import type { ShellUser } from "./user-summary";

/** The wide-screen navigation; the phone layout uses MobileBar instead. */
export function Sidebar({ user }: { user: ShellUser }) {
  return (
    <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r bg-card md:flex">
      <div className="flex h-16 items-center px-5">
        <Brand />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <NavLinks role={user.role} />
      </nav>
      <AccountPanel user={user} className="border-t p-4" />
    </aside>
  );
}
