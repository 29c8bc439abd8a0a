import { FREE_SHIPPING_REACHED_MESSAGE, TRACKER_BAR_HEIGHT } from "~/models/free-shipping";

interface TrackerProps {
  percent: number;
  remainingLabel: string;
  reached: boolean;
  layout?: "full" | "small";
}

/** Progress toward free shipping (catalogue spec sections 4 and 9). */
export function FreeShippingTracker({ percent, remainingLabel, reached, layout = "full" }: TrackerProps) {
  return (
    <div className={`shipping-tracker shipping-tracker--${layout}`}>
      <p className="shipping-tracker__message">
        {reached ? (
          <>
            <span className="shipping-tracker__check" aria-hidden="true">
              ✓
            </span>{" "}
            {FREE_SHIPPING_REACHED_MESSAGE}
          </>
        ) : (
          <>You are ${remainingLabel} away from free shipping.</>
        )}
      </p>
      <div
        className="shipping-tracker__bar"
        role="progressbar"
        aria-label="Progress toward free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        style={{ height: TRACKER_BAR_HEIGHT[layout] }}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
