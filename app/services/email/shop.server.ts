// What every email says about the shop it comes from (docs/rules.md "Emails"): the site's
// name and logo, its public origin for every link and image (docs/rules.md "Public
// origins"), the support address (SUPPORT_EMAIL) and the footer's links and line.
import { siteSettings } from "~/env.server";
import { ipxUrl } from "~/models/images";
import { FOOTER_LINKS } from "~/models/navigation";
import { SITE_NAME, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { publicUrl } from "~/services/site/index.server";

/** The shop as an email's layout shows it. */
export interface EmailShop {
  name: string;
  /** The site's home page, absolute. */
  homeUrl: string;
  /** The logo (public/brand/email-logo.png, drawn by scripts/share-images.mjs), absolute: mail clients show no SVG. */
  logoUrl: string;
  supportEmail: string;
  contactUrl: string;
  /** The footer's links, absolute. */
  links: { label: string; href: string }[];
  /** The footer's line (the site policy's `footerNote`, as the pages' footer). */
  note: string;
}

/** The logo's path under public/. */
export const EMAIL_LOGO_PATH = "/brand/email-logo.png";

/** The shop of a site, for its emails. */
export function emailShop(site: SiteId): EmailShop {
  const contact = FOOTER_LINKS.find((link) => link.to === "/contact-us")?.to ?? "/contact-us";
  return {
    name: SITE_NAME[site],
    homeUrl: publicUrl(site, "/"),
    logoUrl: publicUrl(site, EMAIL_LOGO_PATH),
    supportEmail: siteSettings.SUPPORT_EMAIL,
    contactUrl: publicUrl(site, contact),
    links: [
      { label: "Shop", href: publicUrl(site, "/") },
      { label: "My account", href: publicUrl(site, "/account/dashboard") },
      ...FOOTER_LINKS.filter((link) => ["/faq", "/shipping", "/contact-us"].includes(link.to)).map((link) => ({
        label: link.label,
        href: publicUrl(site, link.to),
      })),
    ],
    note: sitePolicy(site).footerNote,
  };
}

/** Pixels an order line's picture is shown at in an email; the file is twice that, for sharp screens. */
export const EMAIL_IMAGE_PX = 64;

/**
 * A product picture for an email: through the shop's image route (/_ipx), small, square,
 * JPEG on white (mail clients read JPEG, not always WebP), absolute on the site's origin.
 * Null for a line with no picture.
 */
export function emailImageUrl(site: SiteId, src: string | null | undefined): string | null {
  if (!src) return null;
  const size = EMAIL_IMAGE_PX * 2;
  const path = ipxUrl(src, {
    width: size,
    height: size,
    fit: "contain",
    background: "fff",
    format: "jpeg",
    quality: 80,
  });
  return /^https?:\/\//i.test(path) ? path : publicUrl(site, path);
}
