// @vitest-environment jsdom
// The preferences dialog and the banner (docs/rules.md "Consent"): opened by a cookie
// preferences link without navigating, labelled, focus back on the opener, a choice posted
// to /cookie-preferences through a fetcher and then the submit_preferences message.
import "@testing-library/jest-dom/vitest";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { INITIAL_CONSENT, SUBMIT_PREFERENCES_MESSAGE, type ConsentState } from "~/models/consent";
import { resetConsentStore } from "~/utils/consent-store.client";
import { ConsentBanner } from "./consent-banner";
import { ConsentManager } from "./consent-manager";
import { CookiePreferencesLink } from "./cookie-preferences-link";

beforeAll(() => {
  // jsdom has <dialog> without its modal methods: the browser's behaviour, minimally.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});

afterEach(() => {
  cleanup();
  resetConsentStore();
});

async function renderPage(consent: ConsentState = INITIAL_CONSENT) {
  const posted: Record<string, string>[] = [];
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => json({ consent }),
      Component: () => (
        <>
          <ConsentBanner />
          <main>
            <h1>Home</h1>
          </main>
          <footer>
            <CookiePreferencesLink>Cookie preferences</CookiePreferencesLink>
          </footer>
          <ConsentManager scripts={[]} />
        </>
      ),
    },
    {
      path: "/cookie-preferences",
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()) as Record<string, string>);
        return json({ consent: { required: true, functional: true, advertising: false } });
      },
      Component: () => <h1>The preferences page</h1>,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  // The manager says "ready" after its dialog listens (the dialog's effects run first), as the
  // browser tests wait for it: a click before then is a plain link to the preferences page.
  await waitFor(() => expect(document.documentElement.dataset.consentManager).toBe("ready"));
  return { posted };
}

describe("the cookie preferences dialog", () => {
  it("opens from the footer link without navigating, labelled, with required checked and fixed", async () => {
    await renderPage({ required: true, functional: false, advertising: true });
    const link = await screen.findByRole("link", { name: "Cookie preferences" });
    link.focus();
    fireEvent.click(link);
    const dialog = screen.getByRole("dialog", { name: "Cookie preferences" });
    expect(dialog).toHaveAttribute("open");
    expect(screen.queryByRole("heading", { name: "The preferences page" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: /Required/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Required/ })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: /Functional/ })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Advertising/ })).toBeChecked();
    // Closing returns focus to the link that opened it.
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog).not.toHaveAttribute("open");
    expect(link).toHaveFocus();
  });

  it("saves a choice through the fetcher, then posts submit_preferences and closes", async () => {
    const { posted } = await renderPage();
    const messages = vi.fn();
    window.addEventListener("message", messages);
    fireEvent.click(await screen.findByRole("link", { name: "Cookie preferences" }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Functional/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save choices" }));
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "save", functional: "on", reply: "json", redirectTo: "/" });
    expect(posted[0]).not.toHaveProperty("advertising");
    expect(posted[0]).not.toHaveProperty("required");
    await waitFor(() => expect(messages).toHaveBeenCalled());
    expect(messages.mock.calls[0][0].data).toBe(SUBMIT_PREFERENCES_MESSAGE);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    window.removeEventListener("message", messages);
  });
});

describe("the banner", () => {
  it("is a labelled region whose buttons post accept-all or reject-all with the page to return to", async () => {
    const { posted } = await renderPage();
    const banner = await screen.findByRole("region", { name: "Cookie consent" });
    expect(banner).toHaveTextContent("Choose cookies");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Reject all" }));
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "reject-all", redirectTo: "/" });
  });
});
