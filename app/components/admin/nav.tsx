// The back office's navigation (docs/rules.md "Back office"): the sections a role may open,
// grouped the way operators think (`navGroupsFor`, app/models/admin-roles.ts). On a wide screen it
// is a sidebar that is always open; on a phone a "Menu" disclosure (a native <details>, so it opens
// without JavaScript) that names the current section and closes after a navigation.
import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { AdminNavGroup } from "~/models/admin-roles";

interface NavGroup {
  label: AdminNavGroup;
  sections: { path: string; label: string }[];
}

export function AdminNav({ groups }: { groups: NavGroup[] }) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const current = groups
    .flatMap((group) => group.sections)
    .find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`));
  return (
    <nav className="admin-nav" aria-label="Back office">
      <details className="admin-nav__menu" ref={menu}>
        <summary className="admin-nav__toggle">
          Menu<span className="admin-nav__current">{current ? `: ${current.label}` : ""}</span>
        </summary>
        <ul className="admin-nav__groups">
          <li>
            <NavLink to="/admin" end className="admin-nav__home">
              Home
            </NavLink>
          </li>
          {groups.map((group) => (
            <li key={group.label} className="admin-nav__group">
              <span className="admin-nav__group-label" id={`nav-${group.label.toLowerCase()}`}>
                {group.label}
              </span>
              <ul aria-labelledby={`nav-${group.label.toLowerCase()}`}>
                {group.sections.map((section) => (
                  <li key={section.path}>
                    <NavLink to={section.path}>{section.label}</NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
