import { useFetcher, useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { CartActionData, CartLineView } from "~/models/cart";
import { normalizeQuantity } from "~/models/cart-limits";
import type { Notice } from "~/models/notice";
import { AfterHydration } from "./after-hydration";
import { loadAnalytics, useTracksAnalytics } from "./data-layer-event";

// The confirmation is loaded once the page is interactive, not with it (docs/rules.md "Client
// JavaScript budget"); it only ever opens after an add answered, and then after a delay.
const loadAddToCartModal = () => import("./add-to-cart-modal").then((m) => m.AddToCartModal);

/** The one fetcher every cart form on the page goes through (Remix fetcher key, v3_fetcherPersist). */
export const CART_FETCHER_KEY = "cart";

/** Window event for analytics when a line is removed from the confirmation (catalogue spec section 4). */
export const REMOVE_FROM_CART_EVENT = "cart:remove-from-cart";

/** A submission that stopped answering (an action that threw) is given up after this long. */
const STALE_SUBMISSION_MS = 15_000;

interface CartSubmission {
  id: number;
  formData: FormData;
  intent: string;
  /** What the header adds to the count until the answer arrives. */
  delta: number;
  /** The form that was submitted; carries aria-busy while its post is queued or running. */
  form: HTMLFormElement | null;
  /** Where focus goes back to when the confirmation closes. */
  returnFocus: HTMLElement | null;
  /** The line a change or removal is for, as it was before (the data layer's item). */
  line?: CartLineView | null;
}

/** Intents whose accepted answer is an add_to_cart or remove_from_cart (docs/rules.md "Analytics"). */
const QUANTITY_INTENTS = new Set(["add", "update", "remove"]);

interface InFlight extends CartSubmission {
  /** The fetcher's data when this was sent: a different object is this submission's answer. */
  dataBefore: CartActionData | undefined;
  /** The header count when this was sent (fresh: nothing else was in flight). */
  baseQuantity: number;
  sentAt: number;
  answered: boolean;
  sawBusy: boolean;
}

/** What the header needs for its optimistic count. */
export interface CartPending {
  /** The submission on the wire, until its answer arrives. */
  inFlight: { delta: number; dataBefore: CartActionData | undefined } | null;
  /** Sum of the deltas of submissions waiting their turn. */
  queuedDelta: number;
}

const CartPendingContext = createContext<CartPending>({ inFlight: null, queuedDelta: 0 });

/** Cart submissions that have not been answered yet (for the header's optimistic count). */
export function useCartPending(): CartPending {
  return useContext(CartPendingContext);
}

interface Confirmation {
  id: number;
  line: CartLineView;
  weightLbs: number;
  freeShipping: NonNullable<CartActionData["cart"]>["freeShipping"];
  /** A limit message from the answer (anything but a plain success). */
  notice: Notice | null;
  returnFocus: HTMLElement | null;
}

interface CartFetcherProviderProps {
  /** The cart count from the root loader. */
  cartQuantity: number;
  /** Passed to the confirmation: 0 keeps it open until closed (catalogue spec section 4). */
  autoCloseMs?: number;
  children: ReactNode;
}

function addDelta(formData: FormData): number {
  const raw = Number(formData.get("quantity") ?? 1);
  return normalizeQuantity(raw, { autoship: formData.get("purchaseType") === "autoship" });
}

function setBusy(form: HTMLFormElement | null, change: 1 | -1) {
  if (!form) return;
  const count = Math.max(0, Number(form.dataset.cartPending ?? 0) + change);
  form.dataset.cartPending = String(count);
  // The spec's loading flag: the card shows it is working while its post runs.
  if (count > 0) form.setAttribute("aria-busy", "true");
  else form.removeAttribute("aria-busy");
}

/**
 * Mounted once in the root Layout: owns the single cart fetcher, turns submits of
 * forms marked `data-cart-form` into fetcher posts (once hydrated; before that, and
 * without JavaScript, they stay plain posts that redirect back), and shows the
 * answer: the add-to-cart confirmation, or a notice.
 *
 * Rapid submits are serialized, not raced: each one waits in a queue until the one
 * before has been answered and the page data revalidated, then is sent. Resubmitting
 * one fetcher aborts the earlier request in the browser only; the server would still
 * run it, and two first adds sent together would each create a cart (no cookie yet),
 * losing one. In order, two clicks add exactly two, each on the fresh cart.
 */
export function CartFetcherProvider({ cartQuantity, autoCloseMs, children }: CartFetcherProviderProps) {
  const fetcher = useFetcher<CartActionData>({ key: CART_FETCHER_KEY });
  const location = useLocation();
  const fetcherRef = useRef(fetcher);
  const cartQuantityRef = useRef(cartQuantity);
  const queueRef = useRef<CartSubmission[]>([]);
  const inFlightRef = useRef<InFlight | null>(null);
  const nextIdRef = useRef(1);
  const [pending, setPending] = useState<CartPending>({ inFlight: null, queuedDelta: 0 });
  // Fetched once the page is interactive, so the first confirmation does not wait for it.
  useEffect(() => {
    void loadAddToCartModal();
  }, []);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [toast, setToast] = useState<{ id: number; notice: Notice } | null>(null);
  const tracksAnalytics = useTracksAnalytics();
  const tracksRef = useRef(tracksAnalytics);

  // Declared first so the effects below see this render's values.
  useEffect(() => {
    fetcherRef.current = fetcher;
    cartQuantityRef.current = cartQuantity;
    tracksRef.current = tracksAnalytics;
  });

  const publish = useCallback(() => {
    const current = inFlightRef.current;
    setPending({
      inFlight: current && !current.answered ? { delta: current.delta, dataBefore: current.dataBefore } : null,
      queuedDelta: queueRef.current.reduce((sum, s) => sum + s.delta, 0),
    });
  }, []);

  const pump = useCallback(() => {
    if (inFlightRef.current || fetcherRef.current.state !== "idle") return;
    const next = queueRef.current.shift();
    if (!next) return;
    inFlightRef.current = {
      ...next,
      dataBefore: fetcherRef.current.data,
      baseQuantity: cartQuantityRef.current,
      sentAt: Date.now(),
      answered: false,
      sawBusy: false,
    };
    fetcherRef.current.submit(next.formData, { method: "post", action: "/cart" });
  }, []);

  const enqueue = useCallback(
    (submission: Omit<CartSubmission, "id">) => {
      const stale = inFlightRef.current;
      if (stale && fetcherRef.current.state === "idle" && Date.now() - stale.sentAt > STALE_SUBMISSION_MS) {
        setBusy(stale.form, -1);
        inFlightRef.current = null;
      }
      queueRef.current.push({ ...submission, id: nextIdRef.current++ });
      setBusy(submission.form, 1);
      pump();
      publish();
    },
    [pump, publish],
  );

  // Answers and completion. An answer is the fetcher's data changing; the submission is
  // done once the fetcher is idle again (the root loader has revalidated the count).
  useEffect(() => {
    const current = inFlightRef.current;
    if (!current) {
      if (fetcher.state === "idle" && queueRef.current.length > 0) {
        pump();
        publish();
      }
      return;
    }
    if (fetcher.state !== "idle") current.sawBusy = true;
    const data = fetcher.data;
    if (!current.answered && data && data !== current.dataBefore) {
      current.answered = true;
      const { cart, line: addedLine } = data;
      const added = cart != null && cart.totalQuantity > current.baseQuantity;
      const confirms = current.intent === "add" && data.ok && addedLine != null && added;
      if (confirms) {
        setConfirmation({
          id: current.id,
          line: addedLine,
          weightLbs: cart.weightLbs,
          freeShipping: cart.freeShipping,
          notice: data.notice.tone === "success" ? null : data.notice,
          returnFocus: current.returnFocus,
        });
      }
      // The data layer hears of a change only once the server accepted it, by how much the
      // cart's count moved (docs/rules.md "Analytics").
      const after = data.cart ? data.cart.totalQuantity : current.intent === "add" ? null : 0;
      const line = current.line ?? data.line;
      if (tracksRef.current && data.ok && QUANTITY_INTENTS.has(current.intent) && after !== null && line) {
        const delta = after - current.baseQuantity;
        if (delta !== 0) {
          void loadAnalytics().then((a) =>
            a.pushEvent(
              a.ecommerceEvent(delta > 0 ? "add_to_cart" : "remove_from_cart", [a.cartLineItem(line, Math.abs(delta))]),
            ),
          );
        }
      }
      // Without a redirect the layout's notice is not set: the answer's notice is shown here,
      // unless the confirmation opens: it says "Added to your cart" and any limit note, and
      // says it once (docs/rules.md "Focus and announcements").
      setToast(confirms ? null : { id: current.id, notice: data.notice });
    }
    if (fetcher.state === "idle" && (current.answered || current.sawBusy)) {
      inFlightRef.current = null;
      setBusy(current.form, -1);
      pump();
    }
    publish();
  }, [fetcher.state, fetcher.data, pump, publish]);

  // Forms marked data-cart-form go through the fetcher once React is running.
  useEffect(() => {
    function onSubmit(event: SubmitEvent) {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-cart-form")) {
        return;
      }
      event.preventDefault();
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
      let formData: FormData;
      try {
        formData = new FormData(form, submitter);
      } catch {
        formData = new FormData(form);
      }
      formData.set("_response", "json");
      const intent = String(formData.get("intent") ?? "");
      enqueue({
        formData,
        intent,
        delta: intent === "add" ? addDelta(formData) : 0,
        form,
        returnFocus: submitter ?? form.querySelector<HTMLElement>('[type="submit"]'),
      });
    }
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, [enqueue]);

  // A new page starts without the last page's confirmation or message.
  useEffect(() => {
    setConfirmation(null);
    setToast(null);
  }, [location.pathname]);

  const removeLine = useCallback(
    (line: CartLineView) => {
      const formData = new FormData();
      formData.set("intent", "update");
      formData.set("lineId", line.id);
      formData.set("quantity", "0");
      formData.set("_response", "json");
      window.dispatchEvent(
        new CustomEvent(REMOVE_FROM_CART_EVENT, {
          detail: { lineId: line.id, variantId: line.variantId, sku: line.sku, quantity: line.quantity },
        }),
      );
      enqueue({ formData, intent: "update", delta: -line.quantity, form: null, returnFocus: null, line });
    },
    [enqueue],
  );

  const closeConfirmation = useCallback(() => {
    const shown = confirmation;
    setConfirmation(null);
    if (!shown) return;
    const target = shown.returnFocus;
    if (target?.isConnected) window.requestAnimationFrame(() => target.focus({ preventScroll: true }));
  }, [confirmation]);

  const tone = toast?.notice.tone;
  return (
    <CartPendingContext.Provider value={pending}>
      {children}
      <div className={`cart-toast${toast ? " cart-toast--open" : ""}`}>
        <div role="status" className="cart-toast__region">
          {toast && tone !== "error" ? (
            <p className={`notice notice--${tone} cart-toast__message`}>{toast.notice.message}</p>
          ) : null}
        </div>
        <div role="alert" className="cart-toast__region">
          {toast && tone === "error" ? (
            <p className="notice notice--error cart-toast__message">{toast.notice.message}</p>
          ) : null}
        </div>
        {toast ? (
          <button
            type="button"
            className="cart-toast__dismiss"
            aria-label="Dismiss message"
            onClick={() => setToast(null)}
          >
            ×
          </button>
        ) : null}
      </div>
      {confirmation ? (
        <AfterHydration
          load={loadAddToCartModal}
          props={{
            answerId: confirmation.id,
            line: confirmation.line,
            weightLbs: confirmation.weightLbs,
            freeShipping: confirmation.freeShipping,
            notice: confirmation.notice,
            autoCloseMs,
            onRemove: removeLine,
            onClose: closeConfirmation,
          }}
        />
      ) : null}
    </CartPendingContext.Provider>
  );
}
