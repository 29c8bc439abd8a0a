/** The staff-feeding site's URL: Chromium resolves *.localhost to loopback. */
export const STAFF_URL = `http://staff.localhost:${process.env.E2E_PORT ?? 3100}`;

export const SITES = [
  { site: "DTC", baseURL: undefined, suffix: "Shop the brand's Pet Nutrition" },
  { site: "HPSF", baseURL: STAFF_URL, suffix: "Pro Staff Feeding" },
] as const;
