// The back office's page links under a long list: previous, "Page N of M", next; nothing when
// everything fits on one page. `hrefOf` keeps the list's filters in each link.
import { Link } from "@remix-run/react";

export function AdminPager({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="admin-actions">
      {page > 1 ? <Link to={hrefOf(page - 1)}>Previous page</Link> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={hrefOf(page + 1)}>Next page</Link> : null}
    </nav>
  );
}
