// An order's life as the shopper sees it (docs/rules.md "Order pages"): the timeline of My
// Order Details (every step with its date and time in the shop's time zone, named EST or EDT,
// detail and refund) and the compact progress line of My Orders, whose done steps are marked
// in text, not only by colour.
import { formatMoney } from "~/models/money";
import type { TimelineStep } from "~/models/order-lifecycle";
import { formatShopDateTime } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";

export function OrderTimeline({ steps, currencyCode }: { steps: readonly TimelineStep[]; currencyCode: string }) {
  const zone = useShopTimeZone();
  return (
    <ol className="order-timeline" data-testid="order-timeline">
      {steps.map((step, i) => (
        <li key={`${step.kind}-${step.at}-${i}`} className={`order-timeline__step order-timeline__step--${step.kind}`}>
          <span className="order-timeline__label">{step.label}</span>{" "}
          <time className="order-timeline__time" dateTime={step.at}>
            {formatShopDateTime(step.at, zone)}
          </time>
          {step.detail ? <p className="order-timeline__detail">{step.detail}</p> : null}
          {step.amountCents !== null ? (
            <p className="order-timeline__amount">Refund: {formatMoney(step.amountCents, currencyCode)}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export interface ProgressStep {
  kind: string;
  label: string;
  done: boolean;
}

/** The orders list's progress line (`orderProgress`): a list, each step "done" or "not yet" in text. */
export function OrderProgress({ steps, label }: { steps: readonly ProgressStep[]; label: string }) {
  return (
    <ol className="order-progress" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.kind}
          className={`order-progress__step${step.done ? " order-progress__step--done" : ""}`}
          data-done={step.done}
        >
          <span className="order-progress__mark" aria-hidden="true">
            {step.done ? "✓" : "○"}
          </span>
          {step.label}
          <span className="visually-hidden">{step.done ? " (done)" : " (not yet)"}</span>
        </li>
      ))}
    </ol>
  );
}
