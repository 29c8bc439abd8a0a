// Route guards (shop-core spec section 2), as pure decisions: the login and
// session guard, and where a shopper goes after signing in.
import { isLocalPath } from "./redirect-param";

/** Pages a signed-in shopper is sent back from. */
export const GUEST_ONLY_PATHS = ["/shelter/login", "/shelter/register", "/shelter/forgot-password"];
/** Where accounts are created; on the staff site also where members finish registering. */
export const REGISTER_PATH = "/shelter/register";
/** The sign-in page itself lives under /account too, and must stay open to guests. */
export const ACCOUNT_LOGIN_PATH = "/account/login";

export type GuardDecision = { kind: "login"; returnTo: string } | { kind: "back"; to: string } | null;

/**
 * The login and session guard: any path containing /account needs sign-in
 * (the visitor goes to /shelter/login with the original path to return to);
 * a signed-in shopper opening a sign-in, register or forgot-password page goes
 * back to the previous page (the same-origin referrer), else home.
 */
export function loginGuard(input: {
  pathname: string;
  search: string;
  signedIn: boolean;
  referrer: string | null;
  /** A signed-in staff-feeding member who has not registered yet: the register page stays open. */
  registrationPending?: boolean;
}): GuardDecision {
  const { pathname, signedIn } = input;
  if (signedIn && input.registrationPending && pathname === REGISTER_PATH) return null;
  if (!signedIn && pathname.includes("/account") && pathname !== ACCOUNT_LOGIN_PATH) {
    return { kind: "login", returnTo: `${pathname}${input.search}` };
  }
  if (signedIn && (GUEST_ONLY_PATHS.includes(pathname) || pathname === ACCOUNT_LOGIN_PATH)) {
    const previous = input.referrer && isLocalPath(input.referrer) ? input.referrer : null;
    return { kind: "back", to: previous && !isGuestOnly(previous) ? previous : "/" };
  }
  return null;
}

const isGuestOnly = (path: string) => [...GUEST_ONLY_PATHS, ACCOUNT_LOGIN_PATH].includes(path.split("?")[0]);

/**
 * Where to go after signing in (shop-core spec section 2): the page the guard
 * interrupted (the decoded redirect parameter, same-origin only), else the page
 * before the sign-in page (checkout when coming from it), else home.
 */
export function afterSignIn(input: { redirectParam: string | null; previous: string | null }): string {
  if (input.redirectParam && isLocalPath(input.redirectParam)) return input.redirectParam;
  if (input.previous && isLocalPath(input.previous) && !isGuestOnly(input.previous)) return input.previous;
  return "/";
}

/** The same-origin path of a Referer header, or null. */
export function referrerPath(referer: string | null, origin: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
