// A parsed checkout step post (`CheckoutPostSchema`, app/models/checkout-forms.ts)
// applied to the checkout service.
import type { PostalAddress } from "~/models/address";
import { CLINIC_ADDRESS_ID, parseExpiry, type CheckoutPost } from "~/models/checkout-forms";
import type { createCheckouts } from "./checkout.server";

type Checkouts = ReturnType<typeof createCheckouts>;

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
