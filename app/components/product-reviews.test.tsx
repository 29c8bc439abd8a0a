// @vitest-environment jsdom
// The reviews section (docs/rules.md "Reviews on pages"): without functional consent exactly the
// declined message, "here" a link to the cookie preferences, and no review; with it the summary
// and the list.
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductReviewsData } from "~/models/review-pages";
import { ProductReviews } from "./product-reviews";

afterEach(cleanup);

function renderSection(reviews: ProductReviewsData) {
  const Stub = createRemixStub([{ path: "/products/:handle", Component: () => <ProductReviews reviews={reviews} /> }]);
  return render(<Stub initialEntries={["/products/kibble"]} />);
}

const EXACT =
  "You cannot see product reviews because you have declined functional cookies. Please enable them here to access this feature.";

describe("ProductReviews", () => {
  it("shows exactly the declined message without functional consent, and no review", async () => {
    renderSection({ mode: "declined" });
    const message = await screen.findByTestId("reviews-declined");
    // The sentence shown is the spec's; the link's visually hidden rest says where it leads.
    const shown = message.cloneNode(true) as HTMLElement;
    shown.querySelectorAll(".visually-hidden").forEach((node) => node.remove());
    expect(shown.textContent).toBe(EXACT);
    const here = screen.getByRole("link", { name: "here in the cookie preferences" });
    expect(here.getAttribute("href")).toBe("/cookie-preferences");
    expect(message.contains(here)).toBe(true);
    expect(screen.queryByTestId("rating-summary")).toBeNull();
    expect(screen.queryByRole("article")).toBeNull();
    expect(screen.queryByRole("button", { name: /Helpful/ })).toBeNull();
  });

  it("renders only the provider's container when a reviews script is configured", async () => {
    const { container } = renderSection({ mode: "widget", productId: "p1" });
    await screen.findByRole("region", { name: "Reviews" });
    const widget = container.querySelector("[data-reviews-widget]");
    expect(widget?.getAttribute("data-product-id")).toBe("p1");
    expect(screen.queryByTestId("reviews-declined")).toBeNull();
  });

  it("shows the summary, the list and the helpful button with consent", async () => {
    renderSection({
      mode: "shown",
      productId: "p1",
      summary: { average: 4.25, count: 2, distribution: [0, 0, 0, 1, 1] },
      reviews: [
        {
          id: "r1",
          authorName: "Dana R.",
          rating: 5,
          title: "Loves it",
          body: "Eats every bite.",
          verifiedBuyer: true,
          helpfulCount: 3,
          date: "2026-03-04T10:00:00.000Z",
          dateLabel: "March 4, 2026",
          status: "published",
        },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
      query: { sort: "recent", rating: null, page: 1 },
      own: null,
      signedIn: false,
      writeHref: "/shelter/login?redirect=x",
    });
    await screen.findByRole("heading", { name: "Reviews" });
    expect(screen.getByText("4.3 out of 5 stars")).toBeTruthy();
    expect(screen.getByRole("link", { name: "5 stars 1 review" }).getAttribute("href")).toBe(
      "/products/kibble?reviews_rating=5#reviews",
    );
    expect(screen.getByRole("heading", { name: "Loves it" })).toBeTruthy();
    expect(screen.getByText("Verified buyer")).toBeTruthy();
    // The day as the server wrote it in the shop's time zone (docs/rules.md "Shop time").
    expect(screen.getByText("March 4, 2026").getAttribute("datetime")).toBe("2026-03-04T10:00:00.000Z");
    expect(screen.getByRole("button", { name: "Helpful (3)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to write a review" }).getAttribute("href")).toBe(
      "/shelter/login?redirect=x",
    );
    expect(screen.queryByTestId("reviews-declined")).toBeNull();
  });
});
