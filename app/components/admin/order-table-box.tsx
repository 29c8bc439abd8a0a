// The scroll box of a wide back-office table (docs/decisions.md "Back office: orders"): a named
// region a keyboard user can focus and scroll, as axe's scrollable-region-focusable asks.
import type { ReactNode } from "react";

export function OrderTableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region must be reachable by keyboard to be scrolled (WCAG 2.1.1); jsx-a11y
    // does not know the box scrolls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
