// Where the back office lives (docs/rules.md "Back office"). Its own small module with no top-level
// work, so the root route (in every page's browser bundle) can ask `isAdminPath` without pulling
// the role table into the shop's pages (docs/rules.md "Client JavaScript budget").
/** Where the back office lives; the shop's guards and chrome stay out of it. */
export const ADMIN_PATH = "/admin";

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`);
}

/** The back-office session cookie: personal (a page that carries it is never cached), sent only to /admin. */
export const ADMIN_COOKIE_NAME = "__admin";
