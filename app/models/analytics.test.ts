import { describe, expect, it } from "vitest";
import {
  accountMarkerValue,
  ANALYTICS_EVENTS,
  cardItem,
  cartLineItem,
  dollars,
  ecommerceEvent,
  isEcommerceEvent,
  itemListEvent,
  itemsValue,
  listNameOf,
  orderLineItem,
  paymentInfoEvent,
  shippingInfoEvent,
  parseAccountMarker,
  productItem,
  purchaseEvent,
  searchEvent,
  selectItemEvent,
  valueCents,
} from "./analytics";

const CARD = {
  title: "Adult Chicken Recipe",
  brand: "science-diet",
  variant: { id: "v-1", size: "15.5 lb bag", priceCents: 6499 },
};

describe('analytics events (docs/rules.md "Analytics")', () => {
  it("names the thirteen events a tag manager expects", () => {
    expect(ANALYTICS_EVENTS).toEqual([
      "view_item_list",
      "select_item",
      "view_item",
      "add_to_cart",
      "remove_from_cart",
      "view_cart",
      "begin_checkout",
      "add_shipping_info",
      "add_payment_info",
      "purchase",
      "sign_up",
      "login",
      "search",
    ]);
  });

  it("turns cents into dollars with two decimals at the boundaries", () => {
    expect(dollars(0)).toBe(0);
    expect(dollars(1)).toBe(0.01);
    expect(dollars(99)).toBe(0.99);
    expect(dollars(100)).toBe(1);
    expect(dollars(1999)).toBe(19.99);
    expect(dollars(123456789)).toBe(1234567.89);
    // Summing in cents: 0.1 + 0.2 style drift never shows.
    const items = [
      cardItem({ ...CARD, variant: { ...CARD.variant, priceCents: 10 } }),
      cardItem({ ...CARD, variant: { ...CARD.variant, priceCents: 20 } }),
    ];
    expect(itemsValue(items)).toBe(0.3);
    expect(valueCents(19.99)).toBe(1999);
    expect(valueCents(undefined)).toBeNull();
  });

  it("builds an item from a card: variant id, title, brand's display name, size, price, quantity 1", () => {
    expect(cardItem(CARD)).toEqual({
      item_id: "v-1",
      item_name: "Adult Chicken Recipe",
      item_brand: "Science Diet",
      item_variant: "15.5 lb bag",
      price: 64.99,
      quantity: 1,
    });
    expect(
      cardItem(
        { ...CARD, brand: "hills-treats", variant: { ...CARD.variant, flavor: "Chicken" } },
        { index: 3, listName: "HomePage" },
      ),
    ).toMatchObject({
      item_brand: "Hill's Treats",
      item_variant: "15.5 lb bag, Chicken",
      index: 3,
      item_list_name: "HomePage",
    });
    // A card without its brand (a site that sends none) has no item_brand, never "undefined".
    expect(cardItem({ title: "X", variant: { id: "v", size: "" } })).toEqual({
      item_id: "v",
      item_name: "X",
      price: 0,
      quantity: 1,
    });
  });

  it("builds items from the product page, cart lines and order lines", () => {
    expect(
      productItem(
        { title: "P", brand: "prescription-diet" },
        { id: "v-2", size: "8.5 lb", flavor: "Chicken", priceCents: 5000 },
        2,
      ),
    ).toEqual({
      item_id: "v-2",
      item_name: "P",
      item_brand: "Prescription Diet",
      item_variant: "8.5 lb, Chicken",
      price: 50,
      quantity: 2,
    });
    const line = {
      variantId: "v-3",
      productTitle: "L",
      brand: "science-diet",
      size: "4 lb",
      unitPriceCents: 1999,
      quantity: 3,
    };
    expect(cartLineItem(line)).toMatchObject({ item_id: "v-3", quantity: 3, price: 19.99, item_brand: "Science Diet" });
    expect(cartLineItem(line, 1).quantity).toBe(1);
    const orderLine = {
      variantId: null,
      sku: "SKU-9",
      productTitle: "O",
      variantTitle: "4 lb",
      unitPriceCents: 250,
      quantity: 2,
    };
    expect(orderLineItem(orderLine)).toEqual({
      item_id: "SKU-9",
      item_name: "O",
      item_variant: "4 lb",
      price: 2.5,
      quantity: 2,
    });
    expect(orderLineItem({ ...orderLine, variantId: "v-9" }, "science-diet").item_id).toBe("v-9");
  });

  it("builds ecommerce payloads: currency USD, value from the items, optional fields only when set", () => {
    const items = [
      cartLineItem({ variantId: "a", productTitle: "A", size: "1 lb", unitPriceCents: 1050, quantity: 2 }),
    ];
    expect(ecommerceEvent("add_to_cart", items)).toEqual({
      event: "add_to_cart",
      ecommerce: { currency: "USD", value: 21, items },
    });
    expect(ecommerceEvent("add_shipping_info", items, { shipping_tier: "Standard", coupon: undefined })).toEqual({
      event: "add_shipping_info",
      ecommerce: { currency: "USD", value: 21, items, shipping_tier: "Standard" },
    });
    expect(shippingInfoEvent(items).ecommerce).toMatchObject({ shipping_tier: "Standard", value: 21 });
    expect(paymentInfoEvent(items).ecommerce).toMatchObject({ payment_type: "Credit Card", value: 21 });
    const list = itemListEvent([CARD, CARD], "Cart");
    expect(list.ecommerce.item_list_name).toBe("Cart");
    expect(list.ecommerce.items.map((i) => i.index)).toEqual([0, 1]);
    expect(selectItemEvent(CARD, 4, "HomePage").ecommerce).toMatchObject({
      item_list_name: "HomePage",
      items: [{ index: 4 }],
    });
  });

  it("gives a purchase the order's id and total (not the items' sum), tax, shipping and codes", () => {
    const items = [
      cartLineItem({ variantId: "a", productTitle: "A", size: "1 lb", unitPriceCents: 1000, quantity: 1 }),
    ];
    const event = purchaseEvent({
      id: "order-1",
      totalCents: 1795,
      taxCents: 95,
      shippingCents: 700,
      discountCodes: [],
      items,
    });
    expect(event.ecommerce).toEqual({
      currency: "USD",
      value: 17.95,
      items,
      transaction_id: "order-1",
      tax: 0.95,
      shipping: 7,
    });
    expect(
      purchaseEvent({ id: "o", totalCents: 0, taxCents: 0, shippingCents: 0, discountCodes: ["AUTO35"], items })
        .ecommerce.coupon,
    ).toBe("AUTO35");
    expect(isEcommerceEvent(event)).toBe(true);
    expect(isEcommerceEvent(searchEvent(" kibble "))).toBe(false);
    expect(searchEvent(" kibble ")).toEqual({ event: "search", search_term: "kibble" });
  });

  it("names lists by page: / is HomePage and /cart is Cart (catalogue spec section 2)", () => {
    expect(listNameOf("/")).toBe("HomePage");
    expect(listNameOf("/cart")).toBe("Cart");
    expect(listNameOf("/cart/")).toBe("Cart");
    expect(listNameOf("/cartoons")).toBe("Other Page");
    expect(listNameOf("/search")).toBe("Search Results");
    expect(listNameOf("/products/dog")).toBe("Product Listing");
    expect(listNameOf("/products")).toBe("Product Listing");
    expect(listNameOf("/products/dog/adult-dry/1234", true)).toBe("Related Products");
    expect(listNameOf("/no-such-page")).toBe("Other Page");
  });

  it("reads back only the account markers it writes", () => {
    expect(parseAccountMarker(accountMarkerValue("login", "password"))).toEqual({ event: "login", method: "password" });
    expect(parseAccountMarker(accountMarkerValue("sign_up", "oidc"))).toEqual({ event: "sign_up", method: "oidc" });
    for (const bad of [null, "", "login", "login.magic", "purchase.password", "login.password.x"]) {
      expect(parseAccountMarker(bad)).toBeNull();
    }
  });
});
