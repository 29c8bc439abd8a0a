// Sign-in demanded for autoship (shop-core spec section 2, catalogue spec
// section 5): a guest whose cart holds an autoship item signs in here, without
// the site layout, and goes back to checkout.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SignInForm } from "~/components/sign-in-form";
import { decodeRedirect } from "~/models/redirect-param";
import { SignInSchema } from "~/models/sign-in";
import { signInAction } from "~/services/sign-in/index.server";
import { getCustomerId } from "~/services/http/index.server";
import { readFormData, replyWith } from "~/utils/form.server";
import { pageMeta } from "~/utils/meta";

export const handle = { layout: false };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Log In", noindex: true });

const target = (request: Request) => decodeRedirect(new URL(request.url).searchParams.get("redirect")) ?? "/checkout";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCustomerId(request)) throw redirect(target(request));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await readFormData(request.clone()); // a body that is not a form is refused here (400/415)
  const outcome = await signInAction(request, context, target(request));
  if (outcome instanceof Response) return outcome;
  const { form, ...refusal } = outcome;
  return replyWith(parseWithZod(form, { schema: SignInSchema }), { ...refusal, hideFields: ["password"] });
}

export default function AutoshipRequiredLogin() {
  const lastResult = useActionData<typeof action>();
  return (
    <div className="bare-page">
      <h1>Sign in to order autoship</h1>
      <p>
        Autoship deliveries are linked to your account, so you can change, skip or cancel them at any time. Sign in to
        continue to checkout.
      </p>
      <SignInForm lastResult={lastResult} submitLabel="Sign in and continue" />
      <p>
        No account yet? <Link to="/shelter/register?redirect=L2NoZWNrb3V0">Create one</Link> and come straight back.
      </p>
      <p>
        Rather buy once? <Link to="/cart">Back to your cart</Link> to change autoship items to one-time purchases.
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
