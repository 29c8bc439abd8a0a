// A back-office table's wrapper (the admin-table-wrap class): at narrow widths the table
// scrolls sideways inside it, so it is a named region that takes focus, letting keyboard users
// scroll it (WCAG 2.1.1; axe "scrollable-region-focusable").
import type { ReactNode } from "react";

export function AdminScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region is the documented exception to "no tabIndex on a non-interactive element".
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
