// When the root loader runs again on a client navigation (docs/rules.md "Root
// revalidation"). The root loader reads the session (who is signed in, a staff
// member's registration), the cart, the pending notice and the page frame from
// content; the guards it runs (shop-core spec section 2) depend on the path.
// Those change only through a submission (sign-in, sign-out, cart, registration,
// the password page) or through a path a guard acts on, so a plain navigation
// between pages keeps the root's answer.
import { loginGuard } from "./guards";
import { registrationGuard } from "./staff-program";

export interface RootRevalidationInput {
  currentUrl: URL;
  nextUrl: URL;
  /** The submission's method, when the navigation or fetcher submits a form (Remix's `formMethod`). */
  formMethod?: string;
  /** What Remix would do without this function (true when forced, the URL is the same, or the query changed). */
  defaultShouldRevalidate: boolean;
  /** What the root's current answer says about the visitor. */
  visitor: {
    signedIn: boolean;
    /** A signed-in staff-feeding member who has not registered yet. */
    registrationPending: boolean;
  };
}

/** True when the root loader must run again for this navigation or submission. */
export function rootShouldRevalidate(input: RootRevalidationInput): boolean {
  const { currentUrl, nextUrl, visitor } = input;
  // Any action (a form post, a fetcher submission, sign-in and sign-out) may change the session or the cart.
  if (input.formMethod && input.formMethod.toUpperCase() !== "GET") return true;
  if (currentUrl.origin !== nextUrl.origin) return true;
  // The same URL again (an explicit revalidation, a link to the page itself), or a
  // revalidation Remix forces with the query unchanged: for the root, whose params never
  // change, Remix's default is then true only when forced — a redirect that set a cookie
  // (X-Remix-Revalidate), `useRevalidator`, an interrupted load. A query change also makes
  // the default true, so there it cannot tell a forced one apart and the guards decide.
  if (currentUrl.search === nextUrl.search) {
    if (input.defaultShouldRevalidate) return true;
    if (currentUrl.pathname === nextUrl.pathname) return false;
  }
  // A path the login or registration guard acts on: the server decides (and redirects).
  const next = { pathname: nextUrl.pathname, search: nextUrl.search, signedIn: visitor.signedIn };
  if (loginGuard({ ...next, referrer: null, registrationPending: visitor.registrationPending }) !== null) return true;
  if (registrationGuard({ ...next, registered: !visitor.registrationPending }) !== null) return true;
  return false;
}
