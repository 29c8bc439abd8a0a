import type { SiteId } from "./site";
import { sitePolicy } from "./site-policy";

export interface NavLink {
  label: string;
  to: string;
}

export interface NavSection extends NavLink {
  links: NavLink[];
}

/**
 * The main navigation when content has none: by species and food type. Treats only where the
 * site sells them (`sitePolicy(site).sellsTreats`; catalogue spec section 3: dogs only).
 */
export function mainNavigation(site: SiteId): NavSection[] {
  const dogLinks: NavLink[] = [
    { label: "Dry Dog Food", to: "/products/dog/dry" },
    { label: "Wet Dog Food", to: "/products/dog/wet" },
  ];
  if (sitePolicy(site).sellsTreats) dogLinks.push({ label: "Dog Treats", to: "/products/dog/treats" });
  return [
    { label: "Dog Food", to: "/products/dog", links: [...dogLinks, { label: "All Dog Food", to: "/products/dog" }] },
    {
      label: "Cat Food",
      to: "/products/cat",
      links: [
        { label: "Dry Cat Food", to: "/products/cat/dry" },
        { label: "Wet Cat Food", to: "/products/cat/wet" },
        { label: "All Cat Food", to: "/products/cat" },
      ],
    },
    { label: "All Products", to: "/products", links: [] },
  ];
}

/** Navigation sections from a content navigation entry's items. */
export function navigationFromContent(
  items: readonly { text: string; url: string; children?: readonly { text: string; url: string }[] }[],
): NavSection[] {
  return items.map((item) => ({
    label: item.text,
    to: item.url,
    links: (item.children ?? []).map((child) => ({ label: child.text, to: child.url })),
  }));
}

/** Footer links to the content pages of shop-core spec section 2, when content has no footer. */
export const FOOTER_LINKS: readonly NavLink[] = [
  { label: "FAQ", to: "/faq" },
  { label: "Shipping", to: "/shipping" },
  { label: "Autoship", to: "/autoship" },
  { label: "Contact Us", to: "/contact-us" },
  { label: "Terms & Conditions", to: "/terms-and-conditions" },
  { label: "Sitemap", to: "/sitemap" },
];

/** One breadcrumb; the last one is the current page. */
export interface Crumb {
  label: string;
  to?: string;
}
