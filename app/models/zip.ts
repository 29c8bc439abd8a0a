/** Shop-core spec sections 1 and 9: the zip a guest starts with. */
export const DEFAULT_GUEST_ZIP = "80011";

/** An inclusive home-delivery range, both ends zero-padded to 5 digits. */
export interface ZipRange {
  start: string;
  end: string;
}

/** The second half of a stored location: "HOME" for home customers, home or clinic for staff. */
export type LocationKind = "HOME" | "home" | "clinic";

const LOCATION_SEPARATOR = "::";
const RANGE_ENTRY = /^(\d{1,5})\s*(?:-\s*(\d{1,5}))?$/;

function padZip(zip: string): string {
  return zip.padStart(5, "0");
}

/**
 * Reads the stock records' all_zips (shop-core spec section 3, "start-end") into padded
 * ranges. Accepts a list or one comma, semicolon or newline separated string; a single
 * zip is a one-zip range; entries that are not digits, longer than 5 digits or reversed
 * are ignored (a reversed entry is more likely a ZIP+4 such as "80011-1234" than a range).
 */
export function parseZipRanges(allZips: readonly string[] | string): ZipRange[] {
  const entries = (typeof allZips === "string" ? [allZips] : allZips).flatMap((entry) => entry.split(/[,;\n\r]+/));
  const ranges: ZipRange[] = [];
  for (const raw of entries) {
    const match = RANGE_ENTRY.exec(raw.trim());
    if (!match) continue;
    const start = padZip(match[1]);
    const end = padZip(match[2] ?? match[1]);
    if (start > end) continue;
    ranges.push({ start, end });
  }
  return ranges;
}

/**
 * Shop-core spec section 5 home zip rule: exactly 5 characters, all digits, inside one
 * of the ranges (compared zero-padded); the override flag skips the check.
 */
export function isHomeDeliveryZip(
  zip: string | null | undefined,
  ranges: readonly ZipRange[],
  options: { override?: boolean } = {},
): boolean {
  if (options.override) return true;
  if (typeof zip !== "string" || !/^\d{5}$/.test(zip)) return false;
  // Equal-length digit strings compare like numbers.
  return ranges.some((range) => padZip(range.start) <= zip && zip <= padZip(range.end));
}

/** A zip coverage record as the stock service keeps it: all_zips holds "start-end" ranges (shop-core spec section 3). */
export interface ZipCoverageRecord {
  all_zips: readonly string[];
}

/**
 * Whether home delivery reaches a zip: the home zip rule (isHomeDeliveryZip) over the
 * ranges of every coverage record together (docs/rules.md "Zip coverage"). The stock
 * service's `coversZip` answers it for every caller.
 */
export function isZipCovered(zip: string | null | undefined, coverage: readonly ZipCoverageRecord[]): boolean {
  return isHomeDeliveryZip(zip, parseZipRanges(coverage.flatMap((record) => record.all_zips)));
}

/** The stored location value, e.g. "80011::HOME" (shop-core spec sections 3 and 4). */
export function locationValue(zip: string, kind: LocationKind): string {
  return `${zip}${LOCATION_SEPARATOR}${kind}`;
}

/** The zip part of a stored location, the part before "::" (catalogue spec section 7). */
export function locationZip(value: string | null | undefined): string {
  if (!value) return "";
  const index = value.indexOf(LOCATION_SEPARATOR);
  return index === -1 ? value : value.slice(0, index);
}
