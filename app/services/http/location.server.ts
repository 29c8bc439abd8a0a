// The shopper's delivery location (shop-core spec sections 1, 3 and 4): a guest
// can set only a zip code, default 80011; it is stored as "userLocation" in the
// form "{zip}::HOME" (staff-feeding: "{zip}::{home|clinic}").
import type { Session } from "@remix-run/node";
import { DEFAULT_GUEST_ZIP, locationValue, locationZip } from "~/models/zip";
import { getSession } from "~/services/http/session.server";

const LOCATION_KEY = "userLocation";

export interface Location {
  zip: string;
  /** The stored value, e.g. "80011::HOME". */
  value: string;
  /** True while the shopper has not chosen a zip. */
  isDefault: boolean;
  /** A staff-feeding member shipping to their clinic ("{zip}::clinic"): stock is checked for CLINIC. */
  atClinic: boolean;
}

function fromValue(value: unknown): Location {
  if (typeof value === "string" && /^\d{5}::/.test(value)) {
    return { zip: locationZip(value), value, isDefault: false, atClinic: value.endsWith("::clinic") };
  }
  return { zip: DEFAULT_GUEST_ZIP, value: locationValue(DEFAULT_GUEST_ZIP, "HOME"), isDefault: true, atClinic: false };
}

/** The request's delivery location, or the default guest zip. */
export async function getLocation(request: Request): Promise<Location> {
  return fromValue((await getSession(request)).get(LOCATION_KEY));
}

/** Stores a new zip; a zip that differs from the stored one updates it (shop-core spec section 4). */
export function setHomeZip(session: Session, zip: string): Location {
  const value = locationValue(zip, "HOME");
  if (session.get(LOCATION_KEY) !== value) session.set(LOCATION_KEY, value);
  return fromValue(value);
}

/** Stores a staff-feeding member's location, "{zip}::{home|clinic}" (shop-core spec section 4); true when it changed. */
export function setMemberLocation(session: Session, value: string): boolean {
  if (session.get(LOCATION_KEY) === value) return false;
  session.set(LOCATION_KEY, value);
  return true;
}
