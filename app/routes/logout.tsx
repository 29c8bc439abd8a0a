// /logout (shop-core spec sections 2 and 4). POST signs out: revokes the session
// token, clears the session and cart cookies, and goes home; after inactivity,
// to the sign-in page, which says why. GET changes nothing (a link or an image
// on another site must not sign anyone out): it shows a Sign out button, a form
// post that works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { signOutAndRedirect } from "~/services/sign-in/index.server";
import { getSignedIn } from "~/services/http/index.server";
import { SignOutSchema } from "~/models/page-posts";
import { pageMeta } from "~/utils/meta";
import { readFormData } from "~/utils/form.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Sign out", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ signedIn: (await getSignedIn(request)) !== null });
}

export async function action({ request }: ActionFunctionArgs) {
  const { reason } = SignOutSchema.parse(Object.fromEntries(await readFormData(request)));
  return signOutAndRedirect(request, reason);
}

export default function SignOut() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="bare-page">
      <h1>Sign out</h1>
      <p>
        {signedIn
          ? "Do you want to sign out of your account on this device?"
          : "You are not signed in on this device. Signing out clears this browser's session and cart."}
      </p>
      <Form method="post" action="/logout" className="bare-page__form">
        <button type="submit" className="button button--primary button--large">
          Sign out
        </button>
      </Form>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
