// @vitest-environment jsdom
// "Notify me when it's back" on the product page (docs/rules.md "Back in stock"): an out-of-stock
// variant shows the notify form instead of add to cart and no Autoship choice; a guest types an
// email, a signed-in shopper only clicks; the fetcher's answer replaces the form.
import type { ActionFunction } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NOTIFY_ME_INTENT } from "~/models/stock-notification";
import { NotifyMe } from "./notify-me";
import { ProductView, type ProductViewProps } from "./product-view";

afterEach(cleanup);

const variant = (inventory: number) =>
  ({
    id: "v1",
    sku: "SKU-1",
    title: "Chicken, 4 lb bag",
    url: "science-diet/kibble/chicken/4-lb",
    size: "4 lb",
    flavor: "Chicken",
    productForm: "Dry",
    packType: "bag",
    weightValue: 4,
    weightUnit: "lbs",
    priceCents: 2000,
    compareAtPriceCents: null,
    inventory,
    badgeTags: [],
  }) as unknown as ProductViewProps["variant"];

function productProps(inventory: number): ProductViewProps {
  return {
    site: "DTC",
    product: {
      id: "p1",
      handle: "kibble",
      title: "Kibble",
      description: "Good food.",
      brand: "science-diet",
      productType: "Dry Dog Food",
      species: "dog",
      lifestage: "adult-dog",
      foodForm: "dry",
      autoshipEligible: true,
      images: [],
      variants: [variant(inventory)],
    } as unknown as ProductViewProps["product"],
    variant: variant(inventory),
    unitPrice: "$5.00/lb",
    autoshipOffer: inventory > 0 ? { priceCents: 1900, savingCents: 100 } : null,
    deliveryEstimate: "Estimated delivery Tuesday, December 1 to New York",
    options: [],
    crumbs: [],
    sellingPlans: [{ id: "plan-1", name: "Every 4 weeks", frequencyDays: 28 }],
    freeShippingMinimumCents: 4900,
    related: [],
    reviews: { mode: "declined" },
  };
}

function renderPage(element: JSX.Element, account: { firstName: string } | null, action?: ActionFunction) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ account }),
      children: [{ path: "products/*", Component: () => element, action }],
    },
  ]);
  return render(<Stub initialEntries={["/products/science-diet/kibble/chicken/4-lb"]} />);
}

describe("the product page's buy box (docs/rules.md 'Back in stock')", () => {
  it("out of stock: the notify form instead of add to cart, and no Autoship choice", async () => {
    const { container } = renderPage(<ProductView {...productProps(0)} />, null);
    // The form loads with a chunk of its own (a module transformed on first use here).
    await screen.findByRole("button", { name: "Notify me when it's back" }, { timeout: 10_000 });
    expect(screen.queryByRole("button", { name: /Add to Cart/i })).toBeNull();
    expect(screen.queryByRole("radio", { name: /Autoship/ })).toBeNull();
    expect(container.querySelector("form[data-cart-form]")).toBeNull();
    // One form, never nested in another.
    expect(container.querySelectorAll("form form")).toHaveLength(0);
  });

  it("in stock: add to cart and the Autoship choice, no notify form", async () => {
    renderPage(<ProductView {...productProps(5)} />, null);
    await screen.findByRole("button", { name: "Add to Cart" });
    expect(screen.getByRole("radio", { name: /Autoship/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Notify me when it's back" })).toBeNull();
  });
});

describe("NotifyMe", () => {
  it("asks a guest for an email; a signed-in shopper only clicks", async () => {
    renderPage(<NotifyMe variantId="v1" />, null);
    const email = await screen.findByLabelText("Email me when it's back");
    expect(email.getAttribute("name")).toBe("email");
    expect(email.getAttribute("type")).toBe("email");
    cleanup();
    renderPage(<NotifyMe variantId="v1" />, { firstName: "Pat" });
    await screen.findByRole("button", { name: "Notify me when it's back" });
    expect(screen.queryByLabelText("Email me when it's back")).toBeNull();
    expect(document.querySelector('input[name="email"]')).toBeNull();
  });

  it("shows the fetcher's confirmation in place of the form", async () => {
    const reply = {
      status: "success",
      initialValue: null,
      form: NOTIFY_ME_INTENT,
      target: "v1",
      notice: { tone: "success", message: "We'll email you at pat@example.com when it's back." },
    };
    renderPage(<NotifyMe variantId="v1" />, null, () => reply);
    fireEvent.change(await screen.findByLabelText("Email me when it's back"), { target: { value: "pat@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Notify me when it's back" }));
    expect((await screen.findByTestId("notify-me-done")).textContent).toBe(
      "We'll email you at pat@example.com when it's back.",
    );
  });
});
