// A postal address snapshot as orders, checkouts and subscriptions store it.

export interface PostalAddress {
  firstName: string;
  lastName: string;
  company?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  provinceCode: string;
  zip: string;
  countryCode: string;
  phone?: string | null;
}

/** Reads a stored JSON address; null when it is missing or malformed. */
export function parseAddress(json: string | null | undefined): PostalAddress | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<PostalAddress>;
    return typeof value.address1 === "string" && typeof value.zip === "string" ? (value as PostalAddress) : null;
  } catch {
    return null;
  }
}

/** One line, e.g. "Jo Park, 1 Main St, Apt 2, Aurora, CO 80011". */
export function formatAddress(a: PostalAddress): string {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.company,
    a.address1,
    a.address2,
    a.city,
    `${a.provinceCode} ${a.zip}`,
  ]
    .filter(Boolean)
    .join(", ");
}
