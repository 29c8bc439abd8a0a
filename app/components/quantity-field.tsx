import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { MAX_ITEMS_PER_ORDER, MIN_QUANTITY, normalizeCardQuantity, quantityControls } from "~/models/cart-limits";

interface QuantityFieldProps {
  id: string;
  name?: string;
  label?: string;
  min?: number;
  max?: number;
  defaultValue?: number;
  inStock: boolean;
}

/**
 * Quantity input with − and + (catalogue spec section 5): digits only; empty,
 * non-numeric or too small becomes the minimum, too large the maximum. The
 * buttons need JavaScript, so they appear only once hydrated; without it the
 * field is typed in and the server normalises it.
 */
export function QuantityField({
  id,
  name = "quantity",
  label = "Quantity",
  min = MIN_QUANTITY,
  max = MAX_ITEMS_PER_ORDER,
  defaultValue = MIN_QUANTITY,
  inStock,
}: QuantityFieldProps) {
  const hydrated = useHydrated();
  const [text, setText] = useState(String(defaultValue));
  const inputRef = useRef<HTMLInputElement>(null);
  // What the shopper typed before the page hydrated stays (the page's view may load after
  // its HTML, docs/rules.md "Client JavaScript budget"): the field starts from it.
  useEffect(() => {
    const typed = inputRef.current?.value.replace(/\D/g, "");
    if (typed !== undefined && typed !== String(defaultValue)) setText(typed);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const quantity = normalizeCardQuantity(text, min, max);
  const controls = quantityControls(quantity, { min, max, inStock });
  const set = (value: number) => setText(String(normalizeCardQuantity(value, min, max)));
  return (
    <div className="quantity-field">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {hydrated ? (
        <QuantityStep
          step={-1}
          label={`Decrease ${label.toLowerCase()}`}
          controls={id}
          disabled={!controls.canDecrease}
          onStep={() => set(quantity - 1)}
        />
      ) : null}
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={3}
        autoComplete="off"
        className="quantity-field__input"
        value={text}
        disabled={!inStock}
        onChange={(event) => setText(event.currentTarget.value.replace(/\D/g, ""))}
        onBlur={() => set(quantity)}
      />
      {hydrated ? (
        <QuantityStep
          step={1}
          label={`Increase ${label.toLowerCase()}`}
          controls={id}
          disabled={!controls.canIncrease}
          onStep={() => set(quantity + 1)}
        />
      ) : null}
    </div>
  );
}

/** The − or + beside a quantity (product page, cart line): a button that needs JavaScript, so callers render it once hydrated. */
export function QuantityStep({
  step,
  label,
  controls,
  disabled,
  onStep,
}: {
  step: -1 | 1;
  label: string;
  controls: string;
  disabled: boolean;
  onStep: () => void;
}) {
  return (
    <button
      type="button"
      className="quantity-field__step"
      aria-label={label}
      aria-controls={controls}
      disabled={disabled}
      onClick={onStep}
    >
      {step < 0 ? "−" : "+"}
    </button>
  );
}
