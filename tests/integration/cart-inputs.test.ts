// The /cart page action and the JSON cart calls share their input schemas
// (docs/rules.md "Forms and inputs"): the same bad input gets the same message from both.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CART_INPUT_MESSAGES as M } from "~/models/cart-input";
import * as cartRoute from "~/routes/cart";
import * as addLines from "~/routes/api.ecom.v1[.]0.add-cart-line-items";
import * as createCart from "~/routes/api.ecom.v1[.]0.create-cart";
import * as updateAttributes from "~/routes/api.ecom.v1[.]0.update-cart-attributes";
import * as updateDiscountCodes from "~/routes/api.ecom.v1[.]0.update-cart-discount-codes";
import * as updateLines from "~/routes/api.ecom.v1[.]0.update-cart-line-items";
import * as updateNote from "~/routes/api.ecom.v1[.]0.update-cart-note";
import { callRoute, formRequest, jsonRequest, Jar } from "../helpers/routes";
import { ensureSeeded } from "../helpers/seeded";

const API = {
  "add-cart-line-items": addLines,
  "update-cart-line-items": updateLines,
  "update-cart-attributes": updateAttributes,
  "update-cart-discount-codes": updateDiscountCodes,
  "update-cart-note": updateNote,
} as const;

let variantId: string;
let cartId: string;
let lineId: string;
let pageJar: Jar;
let pageLineId: string;

beforeAll(async () => {
  await ensureSeeded();
  variantId = (await prisma.productVariant.findUniqueOrThrow({ where: { sku: "SD00402" } })).id;
  const created = await callRoute(
    createCart.action,
    jsonRequest("/api/ecom/v1.0/create-cart", { lineItems: [{ merchandiseId: variantId, quantity: 1 }] }),
  );
  const { cart } = (await created.json()) as { cart: { id: string; lines: { id: string }[] } };
  cartId = cart.id;
  lineId = cart.lines[0].id;
  pageJar = new Jar();
  await callRoute(
    cartRoute.action,
    formRequest("/cart", { intent: "add", variantId, quantity: "1" }, pageJar),
    pageJar,
  );
  const page = await callRoute(
    cartRoute.loader,
    new Request("http://localhost:3000/cart", { headers: { Cookie: pageJar.header } }),
  );
  pageLineId = ((await page.json()) as { cart: { lines: { id: string }[] } }).cart.lines[0].id;
});

interface Case {
  mistake: string;
  page: (ids: { lineId: string }) => Record<string, string>;
  pageField: string;
  api: keyof typeof API;
  body: (ids: { lineId: string; variantId: string }) => object;
  apiField: string;
  message: string;
}

const long = (n: number, c = "x") => c.repeat(n);

const CASES: Case[] = [
  {
    mistake: "a quantity that is not a number",
    page: () => ({ intent: "add", variantId, quantity: "lots" }),
    pageField: "quantity",
    api: "add-cart-line-items",
    body: () => ({ lineItems: [{ merchandiseId: variantId, quantity: "lots" }] }),
    apiField: "lineItems.0.quantity",
    message: M.wholeNumber,
  },
  {
    mistake: "a fractional quantity",
    page: () => ({ intent: "add", variantId, quantity: "1.5" }),
    pageField: "quantity",
    api: "add-cart-line-items",
    body: () => ({ lineItems: [{ merchandiseId: variantId, quantity: 1.5 }] }),
    apiField: "lineItems.0.quantity",
    message: M.wholeNumber,
  },
  {
    mistake: "a negative quantity to add",
    page: () => ({ intent: "add", variantId, quantity: "-3" }),
    pageField: "quantity",
    api: "add-cart-line-items",
    body: () => ({ lineItems: [{ merchandiseId: variantId, quantity: -3 }] }),
    apiField: "lineItems.0.quantity",
    message: M.wholeNumber,
  },
  {
    mistake: "adding 0",
    page: () => ({ intent: "add", variantId, quantity: "0" }),
    pageField: "quantity",
    api: "add-cart-line-items",
    body: () => ({ lineItems: [{ merchandiseId: variantId, quantity: 0 }] }),
    apiField: "lineItems.0.quantity",
    message: M.atLeast(1),
  },
  {
    mistake: "a quantity of 1000",
    page: () => ({ intent: "add", variantId, quantity: "1000" }),
    pageField: "quantity",
    api: "add-cart-line-items",
    body: () => ({ lineItems: [{ merchandiseId: variantId, quantity: 1000 }] }),
    apiField: "lineItems.0.quantity",
    message: M.atMost,
  },
  {
    mistake: "setting a line to a negative quantity",
    page: (ids) => ({ intent: "update", lineId: ids.lineId, quantity: "-1" }),
    pageField: "quantity",
    api: "update-cart-line-items",
    body: (ids) => ({ lineItems: [{ id: ids.lineId, quantity: -1 }] }),
    apiField: "lineItems.0.quantity",
    message: M.wholeNumber,
  },
  {
    mistake: "a variant id of 101 characters",
    page: () => ({ intent: "add", variantId: long(101), quantity: "1" }),
    pageField: "variantId",
    api: "add-cart-line-items",
    body: () => ({ lineItems: [{ merchandiseId: long(101), quantity: 1 }] }),
    apiField: "lineItems.0.merchandiseId",
    message: M.idTooLong,
  },
  {
    mistake: "a selling plan id of 101 characters",
    page: () => ({ intent: "add", variantId, quantity: "1", purchaseType: "autoship", sellingPlanId: long(101) }),
    pageField: "sellingPlanId",
    api: "add-cart-line-items",
    body: () => ({ lineItems: [{ merchandiseId: variantId, quantity: 1, sellingPlanId: long(101) }] }),
    apiField: "lineItems.0.sellingPlanId",
    message: M.idTooLong,
  },
  {
    mistake: "a discount code of 41 characters",
    page: () => ({ intent: "discount", code: long(41, "C") }),
    pageField: "code",
    api: "update-cart-discount-codes",
    body: () => ({ codes: [long(41, "C")] }),
    apiField: "codes.0",
    message: M.codeTooLong,
  },
  {
    mistake: "a note of 501 characters",
    page: () => ({ intent: "note", note: long(501, "n") }),
    pageField: "note",
    api: "update-cart-note",
    body: () => ({ note: long(501, "n") }),
    apiField: "note",
    message: M.noteTooLong,
  },
  {
    mistake: "an attribute only checkout sets",
    page: () => ({ intent: "attributes", key: "SALES_ORG", value: "EVIL" }),
    pageField: "key",
    api: "update-cart-attributes",
    body: () => ({ attributes: [{ key: "SALES_ORG", value: "EVIL" }] }),
    apiField: "attributes",
    message: M.checkoutKey("SALES_ORG"),
  },
  {
    mistake: "an attribute key of 256 characters",
    page: () => ({ intent: "attributes", key: long(256, "k"), value: "v" }),
    pageField: "key",
    api: "update-cart-attributes",
    body: () => ({ attributes: [{ key: long(256, "k"), value: "v" }] }),
    apiField: "attributes.0.key",
    message: M.keyTooLong,
  },
  {
    mistake: "an attribute value of 1001 characters",
    page: () => ({ intent: "attributes", key: "gift_message", value: long(1001, "v") }),
    pageField: "value",
    api: "update-cart-attributes",
    body: () => ({ attributes: [{ key: "gift_message", value: long(1001, "v") }] }),
    apiField: "attributes.0.value",
    message: M.valueTooLong,
  },
];

describe("the /cart page and the JSON cart calls give the same message for the same mistake", () => {
  for (const c of CASES) {
    it(c.mistake, async () => {
      const page = await callRoute(
        cartRoute.action,
        formRequest("/cart", { ...c.page({ lineId: pageLineId }), _response: "json" }, pageJar),
      );
      expect(page.status).toBe(400);
      const pageBody = (await page.json()) as { error: Record<string, string[]>; notice: { message: string } };
      expect(pageBody.error[c.pageField]?.[0]).toBe(c.message);
      expect(pageBody.notice.message).toBe(c.message);

      const api = await callRoute(
        API[c.api].action,
        jsonRequest(`/api/ecom/v1.0/${c.api}`, { cartId, ...c.body({ lineId, variantId }) }),
      );
      expect(api.status).toBe(400);
      const apiBody = (await api.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(apiBody.error.code).toBe("INVALID_REQUEST");
      expect(apiBody.error.fields[c.apiField]).toBe(c.message);
    });
  }
});
