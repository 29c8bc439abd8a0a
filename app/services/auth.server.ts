// Sign-in over the embedded identity provider (remix-auth with a form
// strategy). DTC customers sign in against the "home" user store, staff
// against "staff" (the same email may exist in both). The accounts issue adds
// server-side session tokens, lockout and the other pages on top of this.
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { prisma } from "~/db.server";
import { SignInSchema } from "~/models/sign-in";
import type { SiteId } from "~/models/site";
import { cartAfterSignIn } from "~/services/cart-session.server";
import { cartIdCookie, readCartId } from "~/services/commerce/cart-cookie.server";
import { hashPassword, verifyPassword } from "~/services/identity/password.server";
import { flashNotice, sessionStorage } from "~/services/session.server";
import { getSite } from "~/services/site.server";

/** A refused sign-in: the message is shown on the form. */
export class SignInError extends Error {
  constructor(
    message: string,
    /** What was posted, so the form can be shown again with it. */
    readonly form: FormData,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "SignInError";
  }
}

export { SignInSchema };

export const userStoreFor = (site: SiteId) => (site === "HPSF" ? "staff" : "home");

// Compared against when the email is unknown, so both answers take as long.
let dummyHash: Promise<string> | null = null;

/** Checks an email and password against a site's user store; the customer id, or null. */
export async function verifyCredentials(site: SiteId, email: string, password: string): Promise<string | null> {
  const user = await prisma.identityUser.findUnique({
    where: { store_email: { store: userStoreFor(site), email: email.toLowerCase() } },
    select: { passwordHash: true, customerId: true },
  });
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user.customerId : null;
}

export const authenticator = new Authenticator<string>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = SignInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      throw new SignInError(
        "Check the highlighted fields.",
        form,
        parsed.error.flatten().fieldErrors as Record<string, string[]>,
      );
    }
    const customerId = await verifyCredentials(getSite(request), parsed.data.email, parsed.data.password);
    if (!customerId) throw new SignInError("That email and password do not match an account.", form);
    return customerId;
  }),
  "form",
);

/**
 * Signs the customer in and redirects: a fresh session, and the guest cart
 * merged into the saved cart (shop-core spec section 4).
 */
export async function signInAndRedirect(request: Request, customerId: string, to: string): Promise<Response> {
  const site = getSite(request);
  const headers = new Headers();
  // A new session, nothing carried over from before sign-in.
  const session = await sessionStorage.getSession();
  session.set("customerId", customerId);
  const { cartId, notices } = await cartAfterSignIn({ site, customerId, guestCartId: await readCartId(request) });
  if (notices.length) flashNotice(session, { tone: "info", message: notices.map((n) => n.message).join(" ") });
  headers.set("Set-Cookie", await sessionStorage.commitSession(session));
  headers.append(
    "Set-Cookie",
    cartId ? await cartIdCookie.serialize(cartId) : await cartIdCookie.serialize("", { maxAge: 0 }),
  );
  return redirect(to, { headers });
}
