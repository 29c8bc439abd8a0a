// @vitest-environment jsdom
// The donation panel (docs/rules.md "Donation choice"): what it shows of a widget, and what
// its forms send: a cause, a charity search, the extra gift.
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  DonationPanel,
  type DonationCauseView,
  type DonationPanelSearch,
  type DonationPanelWidget,
} from "./donation-panel";

afterEach(cleanup);

const cause = (id: string, name: string, place: string | null = "Denver, CO"): DonationCauseView => ({
  id,
  name,
  logoUrl: `/donation-logos/${id}.svg`,
  categoryName: "Animal-Related",
  place,
});

const DEFAULT = cause("530196605", "Front Range Animal Rescue");
const FUND = cause("a".repeat(32), "Shelter Pets Fund", null);

const WIDGET: DonationPanelWidget = {
  show: true,
  donationCents: 123,
  cause: DEFAULT,
  letShoppersChoose: true,
  searchEnabled: true,
  featuredCauses: [DEFAULT, FUND],
  offersRoundUp: true,
  addOnCents: [100, 300, 500],
  extra: null,
  testMode: false,
};

interface Posted {
  path: string;
  fields: Record<string, string>;
}

/** Renders the panel on /cart with stub routes for /cart (the posts) and the search call. */
function renderPanel(
  widget: Partial<DonationPanelWidget> = {},
  options: {
    search?: DonationPanelSearch | null;
    pagePath?: string;
    answer?: (fields: Record<string, string>) => Response;
    searchAnswer?: (params: URLSearchParams) => Response;
  } = {},
) {
  const posted: Posted[] = [];
  const searched: URLSearchParams[] = [];
  const Stub = createRemixStub([
    {
      path: "/cart",
      Component: () => (
        <main>
          <h1>Shopping Cart</h1>
          <DonationPanel
            widget={{ ...WIDGET, ...widget }}
            search={options.search ?? null}
            pagePath={options.pagePath ?? "/cart"}
          />
        </main>
      ),
      action: async ({ request }) => {
        const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
        posted.push({ path: new URL(request.url).pathname, fields });
        return (
          options.answer?.(fields) ??
          json({ ok: true, notice: { tone: "success", message: "Saved." }, cart: null, line: null })
        );
      },
    },
    {
      path: "/api/donations/charities",
      loader: ({ request }) => {
        const params = new URL(request.url).searchParams;
        searched.push(params);
        return options.searchAnswer?.(params) ?? json({ results: [] });
      },
    },
  ]);
  render(<Stub initialEntries={["/cart"]} />);
  return { posted, searched };
}

describe("the donation panel", () => {
  it("renders nothing when the widget is hidden", async () => {
    renderPanel({ show: false });
    const main = (await screen.findByRole("heading", { name: "Shopping Cart" })).parentElement!;
    expect(main.children).toHaveLength(1);
    expect(screen.queryByText(/This order gives/)).toBeNull();
  });

  it("says what the order gives, to which cause, with its logo, at no cost to the shopper", async () => {
    renderPanel({ testMode: true });
    const panel = await screen.findByRole("region", { name: /Giving back/ });
    expect(within(panel).getByTestId("donation-gives").textContent).toBe(
      "This order gives $1.23 to Front Range Animal Rescue.",
    );
    expect(within(panel).getByText("The shop gives this at no cost to you.")).toBeTruthy();
    expect(panel.querySelector("img.donation-panel__logo")?.getAttribute("src")).toBe("/donation-logos/530196605.svg");
    expect(within(panel).getByText("Test mode")).toBeTruthy();
  });

  it("shows no test tag and no choices the store does not offer", async () => {
    renderPanel({ letShoppersChoose: false, offersRoundUp: false, addOnCents: [] });
    const panel = await screen.findByRole("region", { name: /Giving back/ });
    expect(within(panel).queryByText("Test mode")).toBeNull();
    // The one group is the disclosure itself: no choices in it.
    expect(within(panel).queryByRole("group", { name: /cause|more/ })).toBeNull();
    expect(within(panel).queryByRole("search")).toBeNull();
    expect(within(panel).queryByRole("button")).toBeNull();
  });

  it("offers the featured causes as radios (logo, name, category, place) and posts the chosen one to /cart", async () => {
    const { posted } = renderPanel(
      {},
      {
        pagePath: "/checkout?step=review",
        answer: () =>
          json({ ok: true, notice: { tone: "success", message: "Your gift now goes to Shelter Pets Fund." } }),
      },
    );
    const group = await screen.findByRole("group", { name: "Choose the cause this order supports" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual([DEFAULT.id, FUND.id]);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(within(group).getByLabelText(/Front Range Animal Rescue\s*Animal-Related · Denver, CO/)).toBe(radios[0]);
    expect(within(group).getByLabelText(/^Shelter Pets Fund\s*Animal-Related$/)).toBe(radios[1]);

    fireEvent.click(radios[1]);
    // Hydrated: the post goes through a fetcher and asks for JSON.
    await waitFor(() => expect(document.querySelector('input[name="_response"]')).not.toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Give to this cause" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: "/cart",
      fields: {
        _response: "json",
        intent: "donation-cause",
        redirectTo: "/checkout?step=review&giving=open",
        causeId: FUND.id,
      },
    });
    expect(await screen.findByText("Your gift now goes to Shelter Pets Fund.")).toBeTruthy();
  });

  it("searches charities through the JSON call, announces the count, and chooses a result", async () => {
    const found = [cause("841234567", "Paws of Aurora", "Aurora, CO"), cause("841234568", "Aurora Cat Haven")];
    const { searched, posted } = renderPanel(
      {},
      { searchAnswer: () => json({ results: found }), pagePath: "/checkout?step=review" },
    );
    const search = await screen.findByRole("search", { name: "Charities" });
    expect(within(search).getByRole("group", { name: "Find another charity" })).toBeTruthy();
    const states = within(search).getByLabelText("State (optional)") as HTMLSelectElement;
    expect(states.options).toHaveLength(52);
    // Without JavaScript it is a GET of the page itself, keeping the page's own query.
    expect(search.getAttribute("method")).toBe("get");
    expect(search.getAttribute("action")).toBe("/checkout");
    expect((search.querySelector('input[type="hidden"][name="step"]') as HTMLInputElement).value).toBe("review");

    await waitFor(() => expect(document.querySelector('input[name="_response"]')).not.toBeNull());
    fireEvent.change(within(search).getByLabelText("Charity name"), { target: { value: "paws" } });
    fireEvent.change(within(search).getByLabelText("Zip code or city (optional)"), { target: { value: "Aurora" } });
    fireEvent.change(states, { target: { value: "CO" } });
    fireEvent.submit(search);
    expect(await screen.findByText("2 charities found")).toBeTruthy();
    expect(Object.fromEntries(searched[0])).toEqual({ term: "paws", location: "Aurora", state: "CO" });
    expect(screen.getByText("2 charities found").getAttribute("aria-live")).toBe("polite");

    const list = screen.getByRole("list", { name: "Charities found" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("Animal-Related · Aurora, CO")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Choose Paws of Aurora" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].fields).toEqual({
      _response: "json",
      intent: "donation-cause",
      causeId: "841234567",
      redirectTo: "/checkout?step=review&giving=open",
    });
  });

  it("says why a search was refused, with JavaScript and without", async () => {
    const message = "Enter at least 2 characters of the charity's name.";
    renderPanel({}, { searchAnswer: () => json({ error: { code: "INVALID_REQUEST", message } }, { status: 400 }) });
    const search = await screen.findByRole("search", { name: "Charities" });
    await waitFor(() => expect(document.querySelector('input[name="_response"]')).not.toBeNull());
    fireEvent.change(within(search).getByLabelText("Charity name"), { target: { value: "p" } });
    fireEvent.submit(search);
    expect(await screen.findByText(message)).toBeTruthy();
    cleanup();

    renderPanel({}, { search: { values: { term: "p", location: "", state: "" }, error: message, results: null } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect((screen.getByLabelText("Charity name") as HTMLInputElement).value).toBe("p");
  });

  it("lists the page's own search results (without JavaScript) with a Choose button each", async () => {
    renderPanel(
      {},
      {
        search: {
          values: { term: "paws", location: "80011", state: "CO" },
          error: null,
          results: [cause("841234567", "Paws of Aurora", "Aurora, CO")],
        },
      },
    );
    expect(await screen.findByText("1 charity found")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Choose Paws of Aurora" })).toBeTruthy();
    expect((screen.getByLabelText("Zip code or city (optional)") as HTMLInputElement).value).toBe("80011");
    expect((screen.getByLabelText("State (optional)") as HTMLSelectElement).value).toBe("CO");
  });

  it("hides the search where the store does not enable it", async () => {
    renderPanel({ searchEnabled: false });
    await screen.findByRole("region", { name: /Giving back/ });
    expect(screen.queryByRole("search")).toBeNull();
  });

  it("offers no thanks, the round-up and the add-on amounts, checked as kept, and posts the choice", async () => {
    const { posted } = renderPanel(
      { extra: { kind: "round-up" } },
      { answer: () => json({ ok: true, notice: { tone: "success", message: "Add-on of $3.00 added." } }) },
    );
    const group = await screen.findByRole("group", { name: "Give a little more" });
    const radios = within(group).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0].textContent?.trim())).toEqual([
      "No thanks",
      "Round up my order to the next dollar",
      "Add $1",
      "Add $3",
      "Add $5",
    ]);
    expect(radios.map((r) => r.value)).toEqual(["", "round-up", "add-on:100", "add-on:300", "add-on:500"]);
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(["round-up"]);

    await waitFor(() => expect(document.querySelector('input[name="_response"]')).not.toBeNull());
    fireEvent.click(within(group).getByLabelText("Add $3"));
    fireEvent.click(screen.getByRole("button", { name: "Update my gift" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].fields).toEqual({
      _response: "json",
      intent: "donation-extra",
      redirectTo: "/cart?giving=open",
      extra: "add-on:300",
    });
    expect(await screen.findByText("Add-on of $3.00 added.")).toBeTruthy();
  });

  it("offers only what the store has: the add-ons without the round-up", async () => {
    renderPanel({ offersRoundUp: false, addOnCents: [500] });
    const group = await screen.findByRole("group", { name: "Give a little more" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(["", "add-on:500"]);
  });
});
