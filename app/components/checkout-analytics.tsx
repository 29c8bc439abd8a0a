// The checkout's analytics events, drawn by the checkout route.
import { DataLayerEvent } from "~/components/data-layer-event";
import type { AnalyticsItem } from "~/models/analytics";
import { CHECKOUT_STEPS, type CheckoutStep } from "~/models/checkout-forms";

/**
 * The checkout's data-layer events (docs/rules.md "Analytics"), each once per checkout:
 * begin_checkout on entering, add_shipping_info once the delivery step is done,
 * add_payment_info once the payment step is done (the server accepted each step).
 */
export function CheckoutAnalytics({
  items,
  checkoutKey,
  open,
}: {
  items: AnalyticsItem[];
  checkoutKey: string;
  open: CheckoutStep;
}) {
  const done = (step: CheckoutStep) => CHECKOUT_STEPS.indexOf(open) > CHECKOUT_STEPS.indexOf(step);
  return (
    <>
      <DataLayerEvent build={(a) => a.ecommerceEvent("begin_checkout", items)} once={`begin_checkout:${checkoutKey}`} />
      <DataLayerEvent
        build={(a) => (done("delivery") ? a.shippingInfoEvent(items) : null)}
        once={`add_shipping_info:${checkoutKey}`}
      />
      <DataLayerEvent
        build={(a) => (done("payment") ? a.paymentInfoEvent(items) : null)}
        once={`add_payment_info:${checkoutKey}`}
      />
    </>
  );
}
