import type { ContentLink } from "~/models/content-links";
import { FOOTER_LINKS } from "~/models/navigation";
import { SITE_NAME, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { ContentLinkTo } from "./content-link";
import { CookiePreferencesLink } from "./cookie-preferences-link";

export interface FooterContent {
  columns: { heading: string; links: ContentLink[] }[];
  legal: string;
}

/** Page footer: link columns and the legal line from content, or the built-in links. */
export function SiteFooter({ site, footer }: { site: SiteId; footer: FooterContent | null }) {
  const columns = footer?.columns ?? [
    { heading: "Help & information", links: FOOTER_LINKS.map((link) => ({ text: link.label, url: link.to })) },
  ];
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label="Footer" className="site-footer__columns">
          {columns.map((column) => (
            <section key={column.heading} className="site-footer__column">
              <h2 className="site-footer__heading">{column.heading}</h2>
              <ul className="site-footer__links">
                {column.links.map((link) => (
                  <li key={link.url}>
                    <ContentLinkTo link={link} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        {/* Reachable at any time (docs/rules.md "Consent"): the dialog with JavaScript, the page without. */}
        <p className="site-footer__consent">
          <CookiePreferencesLink>Cookie preferences</CookiePreferencesLink>
        </p>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} {SITE_NAME[site]}. {footer?.legal ?? sitePolicy(site).footerNote}
        </p>
      </div>
    </footer>
  );
}
