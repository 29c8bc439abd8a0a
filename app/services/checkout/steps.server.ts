// A parsed checkout step post (`CheckoutPostSchema`, app/models/checkout-forms.ts)
// applied to the checkout service, and a refusal as the page answers it.
import type { PostalAddress } from "~/models/address";
import { CLINIC_ADDRESS_ID, parseExpiry, type CheckoutPost } from "~/models/checkout-forms";
import { OrderError } from "~/services/orders/index.server";
import { CheckoutError, type createCheckouts } from "./checkout.server";

type Checkouts = ReturnType<typeof createCheckouts>;

/** The HTTP status of an order refusal at place order. */
const ORDER_REFUSAL_STATUS: Partial<Record<OrderError["code"], number>> = {
  PAYMENT_DECLINED: 402,
  QUOTA_EXCEEDED: 422,
};

/** A checkout or order refusal as the page shows it; null for any other error (a bug). */
export function refusalOf(error: unknown): { status: number; field?: string; message: string } | null {
  if (error instanceof CheckoutError) return { status: error.status, field: error.field, message: error.message };
  if (error instanceof OrderError) {
    return { status: ORDER_REFUSAL_STATUS[error.code] ?? 409, field: error.field, message: error.message };
  }
  return null;
}

/** Saves the contact, shipping or payment step of a checkout (delivery and place have their own calls). */
export async function saveStep(
  service: Checkouts,
  checkoutId: string,
  customerId: string | null,
  post: Extract<CheckoutPost, { intent: "contact" | "shipping" | "payment" }>,
): Promise<void> {
  if (post.intent === "contact") {
    await service.saveContact(checkoutId, customerId, {
      email: post.email,
      acceptsMarketing: post.acceptsMarketing,
    });
  } else if (post.intent === "shipping") {
    const value = post.shipping;
    if (value.addressChoice === "saved" && value.addressId === CLINIC_ADDRESS_ID) {
      await service.saveShipping(checkoutId, customerId, { clinic: true });
    } else if (value.addressChoice === "saved") {
      await service.saveShipping(checkoutId, customerId, { addressId: value.addressId });
    } else {
      const { addressChoice: _choice, ...address } = value;
      await service.saveShipping(checkoutId, customerId, { address: address as PostalAddress });
    }
  } else if (post.payment.paymentChoice === "saved") {
    await service.savePayment(checkoutId, customerId, { tokenId: post.payment.tokenId });
  } else {
    const { cardNumber, expiry, cvc } = post.payment;
    const { month, year } = parseExpiry(expiry)!;
    await service.savePayment(checkoutId, customerId, {
      card: { number: cardNumber, expMonth: month, expYear: year, cvc },
    });
  }
}
