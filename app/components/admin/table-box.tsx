// The scroll box of a wide back-office table (the admin-table-wrap class): at narrow widths the
// table scrolls sideways inside it, never the page, so it is a named region a keyboard user can
// focus and scroll (WCAG 2.1.1; axe "scrollable-region-focusable").
import type { ReactNode } from "react";

export function AdminTableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region must be reachable by keyboard to be scrolled; jsx-a11y does not know the box scrolls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
