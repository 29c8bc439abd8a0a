import type { ContentLink } from "~/models/content-links";
import { ContentLinkTo } from "./content-link";

/** The announcement bar above the header (content announcements). */
export function AnnouncementBar({ items }: { items: { text: string; link?: ContentLink }[] }) {
  if (items.length === 0) return null;
  return (
    <section className="announcement-bar" aria-label="Announcements">
      <ul className="announcement-bar__list container">
        {items.map((item) => (
          <li key={item.text}>
            {item.text}
            {item.link ? (
              <>
                {" "}
                <ContentLinkTo link={item.link} className="announcement-bar__link" />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Sitewide banners under the header (content sitewide banners that are live now). */
export function SitewideBanners({
  items,
}: {
  items: { id: string; text: string; tone: "info" | "promo" | "warning"; link?: ContentLink }[];
}) {
  if (items.length === 0) return null;
  return (
    <section className="sitewide-banners" aria-label="Site notices">
      {items.map((banner) => (
        <p key={banner.id} className={`sitewide-banner sitewide-banner--${banner.tone}`} data-banner={banner.id}>
          <span className="container sitewide-banner__inner">
            {banner.text}
            {banner.link ? (
              <>
                {" "}
                <ContentLinkTo link={banner.link} className="sitewide-banner__link" />
              </>
            ) : null}
          </span>
        </p>
      ))}
    </section>
  );
}
