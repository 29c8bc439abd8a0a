// The hand-off to the platform's checkout (Shopify; docs/decisions.md "Checkout hand-off on
// Shopify"). "Proceed to Checkout" comes here: the cart is checked against the shop's limits,
// the spec's checkout attributes are set on it, and the shopper goes on to the cart's
// checkoutUrl (through Multipass when signed in and the store has a secret). On the staff site
// the attestation is asked first, on this page; elsewhere the visit goes straight on.
// On the embedded provider there is nothing to hand off to: the shop's own checkout answers.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { CheckoutHeader } from "~/components/checkout-header";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, FormError } from "~/components/form-field";
import type { HeaderHandle } from "~/components/site-header";
import { ATTESTATION_LABEL, HandOffSchema } from "~/models/checkout-forms";
import { isServiceError } from "~/models/service-error";
import { sitePolicy } from "~/models/site-policy";
import { shopAnalyticsAllowed } from "~/services/analytics/index.server";
import { handOff, type HandOff } from "~/services/checkout/index.server";
import { readConsent } from "~/services/consent/index.server";
import { commitNotice, getCustomerId } from "~/services/http/index.server";
import { getSite } from "~/services/site/index.server";
import { checkoutCart, handOffAnswer, orBackToCart, refuseOverLimit } from "~/utils/checkout-cart.server";
import { readFormData, replyWith } from "~/utils/form.server";
import { pageMeta } from "~/utils/meta";

export const handle: HeaderHandle = { header: CheckoutHeader };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Checkout", noindex: true });

/** The platform's hand-off and the cart to hand off, or the way back (no platform, or nothing to check out). */
async function handOffContext(request: Request): Promise<{ handOff: HandOff } & Awaited<ReturnType<typeof readCart>>> {
  if (!handOff) throw redirect("/checkout");
  return { handOff, ...(await readCart(request)) };
}

/** Whether the shopper's consent lets the shop record the order's purchase (carried to it on the cart). */
const consented = (request: Request) => shopAnalyticsAllowed(readConsent(request));

async function readCart(request: Request) {
  const site = getSite(request);
  const customerId = await getCustomerId(request);
  const { cart } = await checkoutCart(request, customerId);
  if (!cart || cart.lines.length === 0) {
    throw redirect("/cart", {
      headers: await commitNotice(request, { tone: "info", message: "Your cart is empty: add something first." }),
    });
  }
  await refuseOverLimit(request, cart.lines, null);
  return { site, customerId, cart };
}

export const loader = ({ request }: LoaderFunctionArgs) =>
  orBackToCart(request, async () => {
    const { handOff, site, customerId, cart } = await handOffContext(request);
    if (!sitePolicy(site).requiresAttestation) {
      return handOffAnswer(handOff, {
        site,
        customerId,
        cart,
        attestation: false,
        analyticsConsent: consented(request),
      });
    }
    return json({ asksAttestation: true }, { headers: { "Cache-Control": "private, no-store" } });
  });

export const action = ({ request }: ActionFunctionArgs) =>
  orBackToCart(request, async () => {
    const { handOff, site, customerId, cart } = await handOffContext(request);
    const submission = parseWithZod(await readFormData(request), { schema: HandOffSchema });
    if (submission.status !== "success") return replyWith(submission);
    try {
      const attestation = submission.value.attestation;
      return await handOffAnswer(handOff, {
        site,
        customerId,
        cart,
        attestation,
        analyticsConsent: consented(request),
      });
    } catch (error) {
      if (!isServiceError(error) || error.field !== "attestation") throw error;
      return replyWith(submission, { error });
    }
  });

export default function HandOffPage() {
  const [form, fields] = useForm({
    id: "checkout-hand-off",
    lastResult: useActionData<typeof action>(),
    constraint: getZodConstraint(HandOffSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HandOffSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="container checkout-page">
      <h1>Checkout</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <p>Confirm the staff-feeding program&rsquo;s attestation, then continue to our secure checkout to pay.</p>
        <CheckboxField field={fields.attestation} label={ATTESTATION_LABEL} />
        <button type="submit" className="button button--primary button--large" disabled={busy} aria-disabled={busy}>
          Continue to Checkout
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
