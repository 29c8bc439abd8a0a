// The scroll box of a wide table: at narrow widths the table scrolls sideways inside it, never
// the page (docs/rules.md "Valid HTML and no sideways scroll"), so it is a named region a
// keyboard user can focus and scroll (WCAG 2.1.1; axe "scrollable-region-focusable").
import type { ReactNode } from "react";

export function TableBox({
  label,
  className = "table-box",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // A scrollable region must be reachable by keyboard to be scrolled; jsx-a11y does not know the box scrolls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
