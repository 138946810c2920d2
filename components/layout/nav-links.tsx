import type { Role } from "@/lib/members/roles";
import { navItemsFor } from "./nav-items";
import { NavLink } from "./nav-link";

/** The pages a role may open, rendered on the server; each link marks itself current in the browser (NavLink). */
export function NavLinks({ role }: { role: Role }) {
  return (
    <ul className="grid gap-1">
      {navItemsFor(role).map(({ href, label, icon: Icon }) => (
        <li key={href}>
          <NavLink
            href={href}
            className="group flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground md:h-9"
          >
            <Icon className="size-4 shrink-0 group-aria-[current=page]:text-primary" aria-hidden />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
