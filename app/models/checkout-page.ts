// What the checkout page shows (catalogue spec section 4): the data its loader sends
// and the choices it offers, built from the checkout, the cart and `priceOrder`'s amounts.
import { formatAddress, type PostalAddress } from "./address";
import { CLINIC_ADDRESS_ID, type CheckoutStep } from "./checkout-forms";
import { cardOptionLabel } from "./payment-methods";
import type { PricedOrder } from "./pricing";

export interface CheckoutOption {
  id: string;
  label: string;
}

export interface CheckoutPageData {
  empty: false;
  step: CheckoutStep;
  open: CheckoutStep;
  signedIn: boolean;
  /** A guest with an autoship line (when the fee-free-checkout flag is off). */
  needsAccount: boolean;
  requiresAttestation: boolean;
  checkout: {
    key: string;
    email: string | null;
    acceptsMarketing: boolean;
    address: PostalAddress | null;
    paymentSummary: string | null;
  };
  lines: {
    id: string;
    title: string;
    variantTitle: string;
    quantity: number;
    plan: string | null;
    unitPriceCents: number;
    subtotalCents: number;
  }[];
  amounts: PricedOrder;
  addressKnown: boolean;
  delivery: string | null;
  addresses: CheckoutOption[];
  clinicNote: string | null;
  preferHome: boolean;
  cards: CheckoutOption[];
}

/** The lines of the order summary, at the prices `priceOrder` charges. */
export function summaryLines(
  lines: readonly {
    id: string;
    productTitle: string;
    variantTitle: string;
    quantity: number;
    sellingPlanName: string | null;
  }[],
  priced: PricedOrder,
): CheckoutPageData["lines"] {
  return lines.map((line, i) => ({
    id: line.id,
    title: line.productTitle,
    variantTitle: line.variantTitle,
    quantity: line.quantity,
    plan: line.sellingPlanName,
    unitPriceCents: priced.lines[i].unitPriceCents,
    subtotalCents: priced.lines[i].subtotalCents,
  }));
}

interface ClinicChoice {
  name: string;
  address1: string;
  city: string;
  provinceCode: string;
  zip: string;
  SFHomeDeliveryOnly: boolean;
}

/**
 * The addresses the shipping step offers: a staff-feeding member's clinic first, unless it
 * is home-delivery-only (catalogue spec section 4), then the address book.
 */
export function addressOptions(
  clinic: ClinicChoice | null,
  addresses: readonly (PostalAddress & { id: string })[],
): CheckoutOption[] {
  const clinicOption: CheckoutOption[] =
    clinic && !clinic.SFHomeDeliveryOnly
      ? [
          {
            id: CLINIC_ADDRESS_ID,
            label: `My clinic: ${clinic.name}, ${clinic.address1}, ${clinic.city}, ${clinic.provinceCode} ${clinic.zip}`,
          },
        ]
      : [];
  return [...clinicOption, ...addresses.map((a) => ({ id: a.id, label: formatAddress(a) }))];
}

/** Why a member's clinic is not offered: it takes no staff deliveries. */
export function clinicNote(clinic: ClinicChoice | null): string | null {
  return clinic?.SFHomeDeliveryOnly === true
    ? `${clinic.name} does not take staff deliveries: program orders ship to your home.`
    : null;
}

/** The saved cards the payment step offers. */
export function cardOptions(
  cards: readonly { id: string; brand: string; last4: string; expMonth: number; expYear: number }[],
): CheckoutOption[] {
  return cards.map((c) => ({ id: c.id, label: cardOptionLabel(c) }));
}
