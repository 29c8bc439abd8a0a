import { Link } from "@remix-run/react";
import { FOOTER_LINKS } from "~/models/navigation";
import { SITE_NAME, type SiteId } from "~/models/site";

/** Page footer: content-page links and the legal line. */
export function SiteFooter({ site }: { site: SiteId }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} {SITE_NAME[site]}.{" "}
          {site === "HPSF"
            ? "For members of the staff-feeding program only."
            : "Free shipping on qualifying orders to the contiguous US."}
        </p>
      </div>
    </footer>
  );
}
