import type { Page, TestInfo } from "@playwright/test";

/** The staff-feeding site's URL: Chromium resolves *.localhost to loopback. */
export const STAFF_URL = `http://staff.localhost:${process.env.E2E_PORT ?? 3100}`;

export const SITES = [
  { site: "DTC", baseURL: undefined, suffix: "Shop the brand's Pet Nutrition" },
  { site: "HPSF", baseURL: STAFF_URL, suffix: "Pro Staff Feeding" },
] as const;

/** Opens a page and, in the JavaScript project, waits until React has hydrated it. */
export async function open(page: Page, testInfo: TestInfo, path: string) {
  const response = await page.goto(path);
  if (testInfo.project.name === "js") {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
  return response;
}
