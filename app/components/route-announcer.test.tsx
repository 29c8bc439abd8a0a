// @vitest-environment jsdom
// The route announcer (docs/rules.md "Focus and announcements"): nothing on the first render;
// after a link, focus on the new page's h1 and its title said; a field that stays keeps focus.
import "@testing-library/jest-dom/vitest";
import { createRemixStub } from "@remix-run/testing";
import { Link, Outlet, useNavigate } from "@remix-run/react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteAnnouncer } from "./route-announcer";

afterEach(cleanup);

function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <>{children}</>;
}

function Listing() {
  const navigate = useNavigate();
  return (
    <Titled title="Dog Food | Shop">
      <h1>Dog Food</h1>
      <label>
        Chicken
        <input type="checkbox" onChange={() => navigate("/dog?flavor=chicken", { replace: true })} />
      </label>
      <Link to="/dog?page=2">Page 2</Link>
      <Link to="/dog#reviews">Read the reviews</Link>
      <section id="reviews" aria-label="Reviews">
        <h2>Reviews</h2>
      </section>
    </Titled>
  );
}

/** Draws the late page's reviews when the test says so (as a product's reviews arrive after it). */
let showReviews: () => void = () => {};

/** A page whose reviews draw after it, as a product's do. */
function LateReviews() {
  const [shown, setShown] = useState(false);
  showReviews = () => setShown(true);
  return (
    <Titled title="Kibble | Shop">
      <h1>Kibble</h1>
      {shown ? (
        <section id="reviews" aria-label="Kibble reviews">
          <h2>Reviews</h2>
        </section>
      ) : null}
    </Titled>
  );
}

function renderShop() {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <>
          <main id="main" tabIndex={-1}>
            <Outlet />
          </main>
          <RouteAnnouncer />
        </>
      ),
      children: [
        {
          index: true,
          Component: () => (
            <Titled title="Shop">
              <h1>Welcome</h1>
              <Link to="/dog">Dog Food</Link>
              <Link to="/dog#reviews">Dog Food reviews</Link>
              <Link to="/kibble#reviews">Kibble reviews</Link>
            </Titled>
          ),
        },
        { path: "dog", Component: Listing },
        { path: "kibble", Component: LateReviews },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

const announcer = () => screen.getByRole("status");

describe("RouteAnnouncer", () => {
  it("says nothing and moves nothing on the first render", async () => {
    renderShop();
    await screen.findByRole("heading", { name: "Welcome" });
    expect(announcer()).toBeEmptyDOMElement();
    expect(document.activeElement).toBe(document.body);
  });

  it("after a link, focuses the new page's h1 and says its title once", async () => {
    renderShop();
    fireEvent.click(await screen.findByRole("link", { name: "Dog Food" }));
    const heading = await screen.findByRole("heading", { name: "Dog Food" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute("tabindex", "-1");
    await waitFor(() => expect(announcer()).toHaveTextContent("Dog Food | Shop"));

    // The same page with another query (a pagination link): focus and announcement again.
    act(() => screen.getByRole("link", { name: "Page 2" }).focus());
    fireEvent.click(screen.getByRole("link", { name: "Page 2" }));
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent("Dog Food | Shop"));
  });

  it("keeps focus on a form field that stays on the page, and says nothing", async () => {
    renderShop();
    fireEvent.click(await screen.findByRole("link", { name: "Dog Food" }));
    await waitFor(() => expect(announcer()).toHaveTextContent("Dog Food | Shop"));
    const box = screen.getByRole("checkbox", { name: "Chicken" });
    act(() => box.focus());
    fireEvent.click(box);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(box).toHaveFocus();
    // Emptied for the next page, not said again.
    expect(announcer()).toHaveTextContent("Dog Food | Shop");
  });

  it("after a link to an anchor, focuses the anchor: another page is said, this page's anchor is not", async () => {
    renderShop();
    fireEvent.click(await screen.findByRole("link", { name: "Dog Food reviews" }));
    const reviews = await screen.findByRole("region", { name: "Reviews" });
    await waitFor(() => expect(reviews).toHaveFocus());
    expect(reviews).toHaveAttribute("tabindex", "-1");
    await waitFor(() => expect(announcer()).toHaveTextContent("Dog Food | Shop"));

    fireEvent.click(screen.getByRole("link", { name: "Page 2" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Dog Food" })).toHaveFocus());
    fireEvent.click(screen.getByRole("link", { name: "Read the reviews" }));
    await waitFor(() => expect(reviews).toHaveFocus());
  });

  it("an anchor drawn after the page (a product's reviews) is scrolled to and focused when it appears", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled; // jsdom has no layout
    renderShop();
    fireEvent.click(await screen.findByRole("link", { name: "Kibble reviews" }));
    // Meanwhile the page's heading holds focus and the page is said.
    await waitFor(() => expect(screen.getByRole("heading", { name: "Kibble" })).toHaveFocus());
    expect(scrolled).not.toHaveBeenCalled();
    act(() => showReviews());
    const reviews = await screen.findByRole("region", { name: "Kibble reviews" });
    await waitFor(() => expect(reviews).toHaveFocus());
    expect(scrolled.mock.contexts).toEqual([reviews]);
    await waitFor(() => expect(announcer()).toHaveTextContent("Kibble | Shop"));
  });
});
