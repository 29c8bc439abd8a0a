// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GeneralErrorBoundary } from "./error-boundary";

afterEach(cleanup);

function renderFailingRoute(path: string, fail: () => never) {
  const Stub = createRemixStub([
    { path, Component: () => <p>never shown</p>, loader: fail, ErrorBoundary: GeneralErrorBoundary },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("error pages (catalogue spec section 2 '404 page'; shop-core spec section 2)", () => {
  it("shows '404 Error', 'Page not found', the path and a 'Back To Homepage' link for a 404 without content", async () => {
    renderFailingRoute("/no-such-page", () => {
      throw new Response("Not Found", { status: 404 });
    });
    expect(await screen.findByRole("heading", { level: 1, name: "404 Error" })).toBeTruthy();
    expect(screen.getByText(/^Page not found/)).toBeTruthy();
    expect(screen.getByText("/no-such-page")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back To Homepage" }).getAttribute("href")).toBe("/");
  });

  it("shows a generic 500 page that never reveals the error or its stack", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingRoute("/boom", () => {
      throw new Error("SQLITE_CANTOPEN: secret path /srv/db");
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeTruthy();
    expect(document.body.textContent).not.toContain("SQLITE_CANTOPEN");
    expect(document.body.textContent).not.toContain("at ");
    expect(screen.getByRole("link", { name: "Back To Homepage" })).toBeTruthy();
  });
});
