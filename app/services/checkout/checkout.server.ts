// The checkout: a Checkout row per cart filled step by step, then one
// idempotent "place order". The checkout's id is the order's idempotency key:
// a double submit, a back-button resubmit or concurrent posts of one key place
// exactly one order; a reuse with another body, or after it expired, is refused.
import crypto from "node:crypto";
import type { Checkout as CheckoutRow, PrismaClient } from "~/generated/prisma/client";
import { parseAddress, formatAddress, type PostalAddress } from "~/models/address";
import { DONATION_TRACKING_ATTRIBUTE } from "~/models/donations";
import { cartLimits, checkoutRefusal } from "~/models/cart-limits";
import { checkoutAttributes, orderType, shippingLocation } from "~/models/checkout";
import { donationConfirmationData } from "~/models/order-donation";
import { priceOrder } from "~/models/order-pricing";
import type { PricedOrder } from "~/models/pricing";
import { storedSite, type SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { type Cart, SAVED_CART_METAFIELD } from "~/services/commerce/index.server";
import { enqueueDonationConfirmation, type Donations, type OrderDonation } from "~/services/donations/index.server";
import { logger } from "~/services/observability/index.server";
import { type EmailService, orderConfirmationFor } from "~/services/email/index.server";
import type { PaymentProvider } from "~/services/payment/index.server";
import {
  chargeReservedOrder,
  reserveOrder,
  type PricingConfig,
  type ReservedOrder,
} from "~/services/orders/index.server";
import { startSubscriptions } from "~/services/autoship/index.server";
import { ServiceError } from "~/models/service-error";
import { isUniqueViolation } from "~/models/unique-violation";

/** How long a checkout's idempotency key stays usable. */
export const CHECKOUT_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export type CheckoutErrorCode =
  | "KEY_UNKNOWN"
  | "KEY_EXPIRED"
  | "KEY_REUSED"
  | "CART_NOT_FOUND"
  | "CART_EMPTY"
  | "CART_OVER_LIMIT"
  | "STEP_INCOMPLETE"
  | "AUTOSHIP_NEEDS_ACCOUNT"
  | "ADDRESS_NOT_FOUND"
  | "ZIP_NOT_COVERED"
  | "PAYMENT_INVALID"
  | "ATTESTATION_REQUIRED";

/** A refused checkout step; `status` is the HTTP status an API would answer with. */
export class CheckoutError extends ServiceError<CheckoutErrorCode> {
  constructor(code: CheckoutErrorCode, message: string, field?: string, status = 400) {
    super(code, message, status, field);
    this.name = "CheckoutError";
  }
}

/** A checkout as the steps see it: the row, with its address parsed. */
export type CheckoutState = Omit<CheckoutRow, "shippingAddress" | "attestation" | "updatedAt" | "completedAt"> & {
  shippingAddress: PostalAddress | null;
};

export interface CheckoutDeps {
  db: PrismaClient;
  payments: PaymentProvider;
  email: EmailService;
  /** Pricing configuration for a site (free-shipping minimum from content, rates from config). */
  pricing: (site: string, customerId: string | null) => Promise<PricingConfig>;
  /** True when home delivery reaches the zip (stock service coverage). */
  zipCovered: (zip: string) => Promise<boolean>;
  /** What an order of the cart gives (the donation service; docs/rules.md "Donations"). */
  donations: Pick<Donations, "orderDonation" | "ensureTracking">;
  now?: () => Date;
}

/** What was ordered: enough for the confirmation page. */
export interface PlacedOrder {
  id: string;
  number: number;
  /** True when this post repeated an earlier one (same key and body). */
  replayed: boolean;
}

export interface PlaceOrderInput {
  key: string;
  site: string;
  customerId: string | null;
  expectedTotalCents: number;
  /** The attestation box; whether it is required is the site policy's (`requiresAttestation`). */
  attestation: boolean;
  /** Reads a cart (the commerce provider's). */
  readCart: (cartId: string) => Promise<Cart | null>;
}

/** A clinic's name, address and delivery rule: for the order attributes and clinic delivery. */
const CLINIC_ADDRESS_SELECT = {
  name: true,
  soldTo: true,
  shipTo: true,
  address1: true,
  address2: true,
  city: true,
  provinceCode: true,
  zip: true,
  countryCode: true,
  phone: true,
  homeDeliveryOnly: true,
} as const;

/** How many saved cards the payment step offers. */
const SAVED_CARDS_OFFERED = 5;

const newKey = () => `chk_${crypto.randomBytes(18).toString("base64url")}`;

function toState(row: CheckoutRow): CheckoutState {
  const { attestation: _attestation, updatedAt: _updatedAt, completedAt: _completedAt, ...rest } = row;
  return { ...rest, shippingAddress: parseAddress(row.shippingAddress) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCheckouts(deps: CheckoutDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function get(id: string): Promise<CheckoutState | null> {
    const row = await db.checkout.findUnique({ where: { id } });
    return row ? toState(row) : null;
  }

  async function requireOpen(id: string, customerId: string | null): Promise<CheckoutState> {
    const checkout = await get(id);
    if (!checkout) throw new CheckoutError("KEY_UNKNOWN", "This checkout has ended. Start again from your cart.");
    if (checkout.customerId && checkout.customerId !== customerId) {
      throw new CheckoutError("KEY_UNKNOWN", "This checkout belongs to another account.", undefined, 403);
    }
    if (checkout.orderId) throw new CheckoutError("KEY_REUSED", "This order has already been placed.", undefined, 422);
    return checkout;
  }

  /** Clinic, metafields and default email of a signed-in customer, for the attributes. */
  async function customerContext(customerId: string | null) {
    if (!customerId) return null;
    return db.customer.findUnique({
      where: { id: customerId },
      select: {
        id: true,
        email: true,
        acceptsMarketing: true,
        clinic: { select: CLINIC_ADDRESS_SELECT },
        metafields: { where: { namespace: SAVED_CART_METAFIELD.namespace }, select: { key: true, value: true } },
      },
    });
  }

  /** Only what the donation service is told of the customer: one small read where nothing else is needed. */
  async function donationCustomer(customerId: string | null) {
    if (!customerId) return null;
    return db.customer.findUnique({ where: { id: customerId }, select: { id: true, acceptsMarketing: true } });
  }

  /** What the checkout reads of its customer, once per step (null for a guest or an unknown id). */
  type CustomerContext = Awaited<ReturnType<typeof customerContext>>;

  /** A staff-feeding member's clinic as a shipping address (catalogue spec section 4: home-only clinics force home). */
  async function clinicAddressOf(customerId: string | null): Promise<PostalAddress> {
    const customer = customerId
      ? await db.customer.findUnique({
          where: { id: customerId },
          select: {
            site: true,
            firstName: true,
            lastName: true,
            clinic: { select: CLINIC_ADDRESS_SELECT },
          },
        })
      : null;
    const clinic = customer && sitePolicy(customer.site as SiteId).shipsToClinic ? customer.clinic : null;
    if (!customer || !clinic) {
      throw new CheckoutError(
        "ADDRESS_NOT_FOUND",
        "You have no clinic to ship to. Choose a home address.",
        "addressId",
      );
    }
    if (clinic.homeDeliveryOnly) {
      throw new CheckoutError(
        "ADDRESS_NOT_FOUND",
        `${clinic.name} does not take staff deliveries: program orders ship to your home.`,
        "addressId",
      );
    }
    return {
      firstName: customer.firstName,
      lastName: customer.lastName,
      company: clinic.name,
      address1: clinic.address1,
      address2: clinic.address2,
      city: clinic.city,
      provinceCode: clinic.provinceCode,
      zip: clinic.zip,
      countryCode: clinic.countryCode,
      phone: clinic.phone,
    };
  }

  /**
   * What an order of this cart gives, asked of the donation service once per pricing
   * (docs/rules.md "Donations"): null when it gives nothing, and also when the service
   * fails, so a donation outage never stops a purchase.
   */
  async function orderDonation(
    site: string,
    customer: Pick<NonNullable<CustomerContext>, "id" | "acceptsMarketing"> | null,
    cart: Cart,
  ): Promise<OrderDonation | null> {
    try {
      return await deps.donations.orderDonation({
        site: site as SiteId,
        cart,
        customer: customer && { id: customer.id, acceptsMarketing: customer.acceptsMarketing },
      });
    } catch (error) {
      logger().warn({ err: error }, "checkout: no donation, the donation service failed");
      return null;
    }
  }

  /** The amounts the review step shows (and the order will store), the shopper's round-up or add-on included. */
  async function price(checkout: CheckoutState, cart: Cart): Promise<PricedOrder> {
    const [pricing, donation] = await Promise.all([
      deps.pricing(checkout.site, checkout.customerId),
      donationCustomer(checkout.customerId).then((customer) => orderDonation(checkout.site, customer, cart)),
    ]);
    return priceOrder({
      lines: cart.lines,
      shipToZip: checkout.shippingAddress?.zip ?? null,
      ...pricing,
      shopperDonation: donation?.extra ?? null,
    });
  }

  /**
   * The donation of a cart handed off to a platform's checkout: its tracking record started when
   * missing (it rides to the order as donation_tracking_id), what it gives kept under it until
   * the order arrives. None when the site gives nothing or the donation service failed.
   */
  async function handOffDonation(site: SiteId, customer: CustomerContext, cart: Cart): Promise<OrderDonation | null> {
    if (!sitePolicy(site).givesDonations) return null;
    try {
      await deps.donations.ensureTracking({
        site,
        cart,
        customer: customer && { id: customer.id, acceptsMarketing: customer.acceptsMarketing },
      });
    } catch (error) {
      logger().warn({ err: error }, "hand-off: no donation tracking, the donation service failed");
      return null;
    }
    const donation = await orderDonation(site, customer, cart);
    if (!donation?.trackingId) return null;
    const gift = {
      site,
      causeId: donation.causeId,
      causeName: donation.causeName,
      donationCents: donation.donationCents,
    };
    // The shopper's extra gift is not offered on a platform's checkout (it cannot be charged there).
    await db.platformDonation.upsert({
      where: { trackingId: donation.trackingId },
      create: { trackingId: donation.trackingId, ...gift },
      update: gift,
    });
    return donation;
  }

  /**
   * The attributes set on the order (catalogue spec section 3), from the customer and the
   * checkout. The donation tracking id is the one the order's donation was worked out with
   * (the cart's attribute), so the order and its outbox confirmation name the same record.
   */
  async function attributes(
    checkout: Pick<CheckoutState, "site" | "customerId" | "shippingAddress" | "acceptsMarketing">,
    cart: Cart,
    attestation: boolean,
    donation: OrderDonation | null,
    customer: CustomerContext,
  ) {
    const meta = new Map(customer?.metafields.map((m) => [m.key, m.value]));
    const clinic = customer?.clinic ?? null;
    const isClinicUser = sitePolicy(checkout.site as SiteId).shipsToClinic && clinic !== null;
    const location = shippingLocation({
      preferredAddress: isClinicUser ? (meta.get("preferred_address") ?? "clinic") : null,
      clinicHomeDeliveryOnly: clinic?.homeDeliveryOnly ?? false,
    });
    const workAddress = clinic ? formatAddress({ firstName: clinic.name, lastName: "", ...clinic }) : null;
    return checkoutAttributes({
      isClinicUser,
      // The clinic's accounts from the server's own record of the member's clinic, never a
      // metafield a client could have written (docs/rules.md "Shop-owned metafields").
      soldTo: isClinicUser && clinic ? clinic.soldTo : null,
      shipTo: isClinicUser && clinic ? clinic.shipTo : null,
      workAddress,
      homeAddress: checkout.shippingAddress ? formatAddress(checkout.shippingAddress) : null,
      location,
      attestationChecked: attestation,
      donationTrackingId:
        donation?.trackingId ?? cart.attributes.find((a) => a.key === DONATION_TRACKING_ATTRIBUTE)?.value ?? null,
      lines: cart.lines,
      acceptsEmailMarketing: checkout.acceptsMarketing,
    });
  }

  return {
    get,

    /**
     * Prepares a cart for the platform's checkout (Shopify), where the address and payment are
     * taken (docs/decisions.md "Checkout hand-off on Shopify"): refused without the attestation
     * the site policy requires; on a site that gives, the order's donation is worked out as at
     * the shop's checkout and kept under its tracking id (`PlatformDonation`) for orders/create
     * to confirm. Answers the spec's checkout attributes, the clinic accounts and marketing
     * consent from the server's records.
     */
    async prepareHandOff(input: { site: SiteId; customerId: string | null; cart: Cart; attestation: boolean }) {
      if (sitePolicy(input.site).requiresAttestation && !input.attestation) {
        throw new CheckoutError("ATTESTATION_REQUIRED", "Confirm the attestation to check out.", "attestation");
      }
      // The customer, read once for the donation and the attributes (none for an unknown id).
      const customer = await customerContext(input.customerId);
      const donation = await handOffDonation(input.site, customer, input.cart);
      return attributes(
        {
          site: input.site,
          customerId: customer?.id ?? null,
          shippingAddress: null,
          acceptsMarketing: customer?.acceptsMarketing ?? false,
        },
        input.cart,
        input.attestation,
        donation,
        customer,
      );
    },

    /**
     * The customer's cards to offer at the payment step, as the payment service lists them
     * (docs/rules.md "Saved cards"): the default first (the step preselects it), then the newest.
     */
    async savedCards(customerId: string) {
      return (await deps.payments.listCards(customerId)).slice(0, SAVED_CARDS_OFFERED);
    },

    /**
     * The checkout of a cart, created on first visit; a customer who signs in
     * part-way takes it over (their email fills the contact step).
     */
    async open(input: { cart: Cart; customerId: string | null }): Promise<CheckoutState> {
      const existing = await db.checkout.findUnique({ where: { cartId: input.cart.id } });
      if (existing && !existing.orderId) {
        if (existing.customerId === input.customerId) return toState(existing);
        if (!existing.customerId && input.customerId) {
          // Signed in part-way: the checkout becomes theirs, their email filling an empty contact step.
          const customer = await customerContext(input.customerId);
          const taken = await db.checkout.update({
            where: { id: existing.id },
            data: { customerId: input.customerId, email: existing.email ?? customer?.email ?? null },
          });
          return toState(taken);
        }
      }
      const customer = await customerContext(input.customerId);
      const data = {
        id: newKey(),
        cartId: input.cart.id,
        site: input.cart.site,
        customerId: input.customerId,
        email: customer?.email ?? input.cart.buyerIdentity.email ?? null,
        acceptsMarketing: customer?.acceptsMarketing ?? false,
      };
      // A completed or foreign checkout of this cart id is replaced by a fresh one.
      const row = await db.$transaction(async (tx) => {
        await tx.checkout.deleteMany({ where: { cartId: input.cart.id, orderId: null } });
        if (existing?.orderId)
          await tx.checkout.update({ where: { id: existing.id }, data: { cartId: `done:${existing.id}` } });
        return tx.checkout.create({ data });
      });
      return toState(row);
    },

    async saveContact(id: string, customerId: string | null, contact: { email: string; acceptsMarketing: boolean }) {
      await requireOpen(id, customerId);
      await db.checkout.update({ where: { id }, data: contact });
    },

    /**
     * Saves the shipping address: a new one, one of the customer's address book,
     * or (staff-feeding members) their clinic, unless it is home-delivery-only.
     */
    async saveShipping(
      id: string,
      customerId: string | null,
      input: { addressId: string } | { address: PostalAddress } | { clinic: true },
    ): Promise<PostalAddress> {
      await requireOpen(id, customerId);
      let address: PostalAddress;
      if ("clinic" in input) {
        address = await clinicAddressOf(customerId);
        await db.checkout.update({
          where: { id },
          data: { shippingAddress: JSON.stringify(address), deliveryConfirmed: false },
        });
        return address;
      } else if ("addressId" in input) {
        const saved = customerId
          ? await db.customerAddress.findFirst({ where: { id: input.addressId, customerId } })
          : null;
        if (!saved) throw new CheckoutError("ADDRESS_NOT_FOUND", "Choose one of your saved addresses.", "addressId");
        address = {
          firstName: saved.firstName,
          lastName: saved.lastName,
          company: saved.company,
          address1: saved.address1,
          address2: saved.address2,
          city: saved.city,
          provinceCode: saved.provinceCode,
          zip: saved.zip,
          countryCode: saved.countryCode,
          phone: saved.phone,
        };
        if (address.countryCode !== "US") {
          throw new CheckoutError("ADDRESS_NOT_FOUND", "We ship within the United States only.", "addressId");
        }
      } else {
        address = input.address;
      }
      if (!(await deps.zipCovered(address.zip))) {
        throw new CheckoutError(
          "ZIP_NOT_COVERED",
          `We do not deliver to ${address.zip} yet. Use another address.`,
          "addressId" in input ? "addressId" : "zip",
        );
      }
      await db.checkout.update({
        where: { id },
        data: { shippingAddress: JSON.stringify(address), deliveryConfirmed: false },
      });
      return address;
    },

    async confirmDelivery(id: string, customerId: string | null) {
      const checkout = await requireOpen(id, customerId);
      if (!checkout.shippingAddress) {
        throw new CheckoutError("STEP_INCOMPLETE", "Enter a shipping address first.", "shipping");
      }
      await db.checkout.update({ where: { id }, data: { deliveryConfirmed: true } });
    },

    /** Uses a saved card of the customer, or tokenizes a new card (never stored as a number). */
    async savePayment(
      id: string,
      customerId: string | null,
      input: { tokenId: string } | { card: { number: string; expMonth: number; expYear: number; cvc: string } },
    ): Promise<void> {
      await requireOpen(id, customerId);
      if ("tokenId" in input) {
        const token = customerId ? await db.paymentToken.findFirst({ where: { id: input.tokenId, customerId } }) : null;
        if (!token) throw new CheckoutError("PAYMENT_INVALID", "Choose one of your saved cards.", "tokenId");
        await db.checkout.update({
          where: { id },
          data: { paymentTokenId: token.id, paymentSummary: `${token.brand} ending ${token.last4}` },
        });
        return;
      }
      const result = await deps.payments.tokenize({ card: input.card, customerId });
      if (!result.ok) {
        throw new CheckoutError(
          "PAYMENT_INVALID",
          result.message,
          result.code === "expired_card" ? "expiry" : "cardNumber",
        );
      }
      await db.checkout.update({
        where: { id },
        data: { paymentTokenId: result.tokenId, paymentSummary: `${result.brand} ending ${result.last4}` },
      });
    },

    price,

    attributes,

    /**
     * Places the order of a checkout, exactly once per key. `readCart` reads the
     * cart (the commerce provider's); `expectedTotalCents` is the total the
     * shopper saw, so a stale or tampered page is refused.
     */
    async placeOrder(input: PlaceOrderInput): Promise<PlacedOrder> {
      const requestHash = crypto
        .createHash("sha256")
        .update(JSON.stringify([input.key, input.expectedTotalCents, input.attestation]))
        .digest("base64url");

      for (let attempt = 0; attempt < 200; attempt++) {
        const existing = await db.order.findUnique({
          where: { idempotencyKey: input.key },
          select: { id: true, number: true, status: true, requestHash: true },
        });
        if (existing) {
          if (existing.requestHash !== requestHash) {
            throw new CheckoutError(
              "KEY_REUSED",
              "This checkout was already used to place a different order.",
              undefined,
              422,
            );
          }
          if (existing.status !== "pending") return { id: existing.id, number: existing.number, replayed: true };
          // Another request with this key is charging right now: wait for its outcome.
          await sleep(50);
          continue;
        }
        const placed = await placeOnce(input, requestHash);
        // Another post of this key completed in between: answer as it did.
        if (placed) return placed;
      }
      throw new CheckoutError("KEY_REUSED", "Your order is still being placed. Refresh in a moment.", undefined, 409);
    },
  };

  /** Places the order; null when another post of the key completed it meanwhile. */
  async function placeOnce(input: PlaceOrderInput, requestHash: string): Promise<PlacedOrder | null> {
    const checkout = await get(input.key);
    if (checkout?.orderId) return null;
    if (!checkout || checkout.site !== input.site) {
      throw new CheckoutError("KEY_UNKNOWN", "This checkout has ended. Start again from your cart.", undefined, 422);
    }
    if (checkout.customerId && checkout.customerId !== input.customerId) {
      throw new CheckoutError("KEY_UNKNOWN", "This checkout belongs to another account.", undefined, 403);
    }
    if (now().getTime() - checkout.createdAt.getTime() > CHECKOUT_KEY_TTL_MS) {
      throw new CheckoutError("KEY_EXPIRED", "This checkout has expired. Review your order again.", undefined, 422);
    }
    const cart = await input.readCart(checkout.cartId);
    if (!cart || cart.site !== input.site) {
      throw new CheckoutError(
        "CART_NOT_FOUND",
        "Your cart could not be found. Start again from your cart.",
        undefined,
        404,
      );
    }
    if (cart.lines.length === 0) throw new CheckoutError("CART_EMPTY", "Your cart is empty.");
    // The cart limits' one owner, as at checkout's gate (docs/rules.md "Cart limits"): a cart
    // over 10 items or with an autoship line over 5, whatever put it there, is not ordered.
    const overLimit = checkoutRefusal(cartLimits(cart.lines));
    if (overLimit) throw new CheckoutError("CART_OVER_LIMIT", overLimit);
    if (!checkout.email || !checkout.shippingAddress || !checkout.deliveryConfirmed || !checkout.paymentTokenId) {
      throw new CheckoutError("STEP_INCOMPLETE", "Complete every checkout step before placing your order.");
    }
    const type = orderType(cart.lines);
    if (type === "firstPurchaseSubscription" && !input.customerId) {
      throw new CheckoutError("AUTOSHIP_NEEDS_ACCOUNT", "Sign in to order autoship items.", undefined, 401);
    }
    // The staff site requires the attestation (docs/rules.md "Staff-feeding program"): the policy's, never a caller's flag.
    if (sitePolicy(storedSite(input.site)).requiresAttestation && !input.attestation) {
      throw new CheckoutError("ATTESTATION_REQUIRED", "Confirm the attestation to place your order.", "attestation");
    }
    const customer = await customerContext(input.customerId);
    const [pricing, donation] = await Promise.all([
      deps.pricing(input.site, input.customerId),
      orderDonation(input.site, customer, cart),
    ]);
    const orderAttributes = await attributes(checkout, cart, input.attestation, donation, customer);
    const address = checkout.shippingAddress;
    const tokenId = checkout.paymentTokenId;

    let reserved: ReservedOrder;
    try {
      reserved = await db.$transaction(
        (tx) =>
          reserveOrder(tx, {
            site: input.site,
            customerId: input.customerId,
            email: checkout.email!,
            address,
            lines: cart.lines.map((l) => ({
              variantId: l.variantId,
              quantity: l.quantity,
              sellingPlanId: l.sellingPlanId,
            })),
            discountCodes: cart.discountCodes,
            attributes: orderAttributes,
            source: "checkout",
            idempotencyKey: input.key,
            requestHash,
            pricing,
            expectedTotalCents: input.expectedTotalCents,
            donation,
          }),
        { timeout: 15_000 },
      );
    } catch (error) {
      // A concurrent post of the same key won the race: answer as it does.
      if (isUniqueViolation(error)) return { ...(await waitForKey(input.key)), replayed: true };
      throw error;
    }

    // The confirmation is rendered from the reserved order (its lines, amounts and address do not
    // change when it is paid) before the completing transaction, which then only writes it: the
    // rendering never holds the write lock (docs/decisions.md "Emails").
    const confirmation = await orderConfirmationFor(db, reserved.id, "checkout");
    await chargeReservedOrder(
      db,
      deps.payments,
      reserved,
      { tokenId, customerId: input.customerId, summary: checkout.paymentSummary },
      async (tx) => {
        if (input.customerId) {
          // One subscription per autoship line, started by the autoship service with the order.
          await startSubscriptions(
            tx,
            {
              orderId: reserved.id,
              customerId: input.customerId,
              site: input.site,
              paymentTokenId: tokenId,
              shippingAddress: address,
              lines: cart.lines,
            },
            now(),
          );
          await tx.customerMetafield.deleteMany({
            where: {
              customerId: input.customerId,
              namespace: SAVED_CART_METAFIELD.namespace,
              key: SAVED_CART_METAFIELD.key,
              value: cart.id,
            },
          });
          if (checkout.acceptsMarketing) {
            await tx.customer.update({ where: { id: input.customerId }, data: { acceptsMarketing: true } });
          }
        }
        await tx.checkout.update({ where: { id: checkout.id }, data: { orderId: reserved.id, completedAt: now() } });
        await tx.cart.delete({ where: { id: cart.id } });
        // The confirmation is kept with the order or not at all (docs/rules.md "Outbox").
        await deps.email.enqueue(tx, confirmation);
        // The donation service hears of the order through the outbox, kept with the order or not at all
        // (docs/rules.md "Donations"): a donation outage after this point loses nothing.
        if (donation?.trackingId) {
          await enqueueDonationConfirmation(tx, {
            trackingId: donation.trackingId,
            orderId: reserved.id,
            orderNumber: reserved.number,
            ...donationConfirmationData({
              donationCauseId: donation.causeId,
              donationCauseName: donation.causeName,
              donationCents: donation.donationCents,
              shopperDonationKind: reserved.priced.shopperDonationKind,
              shopperDonationCents: reserved.priced.shopperDonationCents,
            }),
          });
        }
      },
    );

    return { id: reserved.id, number: reserved.number, replayed: false };
  }

  async function waitForKey(key: string): Promise<{ id: string; number: number }> {
    for (let i = 0; i < 300; i++) {
      const order = await db.order.findUnique({
        where: { idempotencyKey: key },
        select: { id: true, number: true, status: true },
      });
      if (order && order.status !== "pending") return order;
      if (!order) break;
      await sleep(50);
    }
    throw new CheckoutError(
      "KEY_REUSED",
      "Your order could not be confirmed. Check My Orders before trying again.",
      undefined,
      409,
    );
  }
}
