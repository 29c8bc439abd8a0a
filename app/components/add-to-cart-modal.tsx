import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { FreeShippingTracker } from "./free-shipping-tracker";
import type { CartLineView } from "~/models/cart";
import type { Notice } from "~/models/notice";
import { formatWeight } from "~/models/weight";

/** Catalogue spec section 2: the confirmation stays hidden for the first 750 ms after the answer. */
export const CONFIRMATION_DELAY_MS = 750;

/** Catalogue spec section 4: auto-close timeout; 0 means it stays until closed. */
export const CONFIRMATION_AUTO_CLOSE_MS = 0;

interface AddToCartModalProps {
  /** Changes with every answer shown; a new answer before the modal opens restarts the delay. */
  answerId: number;
  line: CartLineView;
  /** The cart's weight subtotal in pounds. */
  weightLbs: number;
  /** Free-shipping progress (small tracker), or null where it is hidden. */
  freeShipping?: { percent: number; remainingLabel: string; reached: boolean } | null;
  /** A limit message from the answer ("Only 2 added…"). */
  notice: Notice | null;
  autoCloseMs?: number;
  onRemove: (line: CartLineView) => void;
  onClose: () => void;
}

/**
 * The add-to-cart confirmation (catalogue spec sections 2 and 4): a native modal
 * dialog (focus kept inside, Escape closes) with the line, the cart's weight in lbs,
 * 'Continue Shopping', 'Go to Cart' and 'Remove'.
 */
export function AddToCartModal({
  answerId,
  line,
  weightLbs,
  freeShipping = null,
  notice,
  autoCloseMs = CONFIRMATION_AUTO_CLOSE_MS,
  onRemove,
  onClose,
}: AddToCartModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const [shown, setShown] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    const timer = window.setTimeout(() => {
      if (dialog.open || !dialog.isConnected) return;
      dialog.showModal();
      continueRef.current?.focus();
      setShown(true);
    }, CONFIRMATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [answerId]);

  useEffect(() => {
    if (!shown || autoCloseMs <= 0) return;
    const timer = window.setTimeout(() => dialogRef.current?.close(), autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [shown, autoCloseMs, answerId]);

  const close = () => dialogRef.current?.close();

  return (
    <dialog ref={dialogRef} className="add-to-cart-modal" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="add-to-cart-modal__title">
        Added to your cart
      </h2>
      {notice ? (
        <p className={`add-to-cart-modal__notice add-to-cart-modal__notice--${notice.tone}`}>{notice.message}</p>
      ) : null}
      <div className="add-to-cart-modal__line">
        <p className="add-to-cart-modal__product">{line.productTitle}</p>
        <dl className="add-to-cart-modal__facts">
          <dt>Variant</dt>
          <dd>{line.variantTitle}</dd>
          {line.sellingPlanName ? (
            <>
              <dt>Autoship</dt>
              <dd>{line.sellingPlanName}</dd>
            </>
          ) : null}
          <dt>Quantity</dt>
          <dd>{line.quantity}</dd>
          <dt>Cart weight</dt>
          <dd>{formatWeight(weightLbs, "lbs")}</dd>
        </dl>
        {freeShipping ? <FreeShippingTracker layout="small" {...freeShipping} /> : null}
        <button
          type="button"
          className="add-to-cart-modal__remove"
          aria-label={`Remove ${line.productTitle} from your cart`}
          onClick={() => {
            onRemove(line);
            close();
          }}
        >
          Remove
        </button>
      </div>
      <div className="add-to-cart-modal__actions">
        <button ref={continueRef} type="button" className="button" onClick={close}>
          Continue Shopping
        </button>
        {/* The provider drops the confirmation when the page changes, so the link needs no handler. */}
        <Link to="/cart" className="button button--primary">
          Go to Cart
        </Link>
      </div>
    </dialog>
  );
}
