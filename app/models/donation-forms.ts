// The donation choice's inputs (docs/rules.md "Donation choice"; catalogue spec section 5):
// the cause a shopper chooses, the round-up or add-on they give, and the charity search,
// as the /cart posts, the cart and checkout pages' search form and
// GET /api/donations/charities read them; and the notices that answer a choice.
import { z } from "zod";
import { US_STATES } from "./checkout";
import { ADD_ON_CENTS, type DonationExtra } from "./donations";
import { formatMoney } from "./money";

/** Longest cause id a post may carry (an EIN, or a portfolio's 32-hex id). */
export const MAX_CAUSE_ID_LENGTH = 64;
/** A charity search term: 2 to 100 characters. */
export const MIN_CHARITY_TERM_LENGTH = 2;
export const MAX_CHARITY_TERM_LENGTH = 100;
/** A zip or a city: at most 60 characters. */
export const MAX_CHARITY_LOCATION_LENGTH = 60;

export const DONATION_INPUT_MESSAGES = {
  chooseCause: "Choose a cause.",
  causeTooLong: `A cause id has at most ${MAX_CAUSE_ID_LENGTH} characters.`,
  extra: "Choose no extra gift, the round-up, or one of the add-on amounts.",
  termTooShort: `Enter at least ${MIN_CHARITY_TERM_LENGTH} characters of the charity's name.`,
  termTooLong: `Keep the charity's name to ${MAX_CHARITY_TERM_LENGTH} characters or fewer.`,
  locationTooLong: `Keep the zip or city to ${MAX_CHARITY_LOCATION_LENGTH} characters or fewer.`,
  state: "Choose a US state from the list.",
} as const;

const M = DONATION_INPUT_MESSAGES;

/** The chosen cause's id (a featured cause or a search result). */
export const CauseIdSchema = z
  .string({ required_error: M.chooseCause, invalid_type_error: M.chooseCause })
  .trim()
  .min(1, M.chooseCause)
  .max(MAX_CAUSE_ID_LENGTH, M.causeTooLong);

/**
 * The shopper's extra as posted: "" (none), "round-up", or "add-on:<cents>" with one of
 * `ADD_ON_CENTS`. Whether the store offers it is the donation service's answer.
 */
export const DonationExtraInputSchema = z
  .string({ invalid_type_error: M.extra })
  .trim()
  .default("")
  .transform((value, ctx): DonationExtra | null => {
    if (value === "") return null;
    if (value === "round-up") return { kind: "round-up" };
    const addOn = /^add-on:(\d{1,6})$/.exec(value);
    const cents = addOn ? Number(addOn[1]) : NaN;
    if (ADD_ON_CENTS.includes(cents)) return { kind: "add-on", cents };
    ctx.addIssue({ code: "custom", message: M.extra });
    return z.NEVER;
  });

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** A charity search: term 2-100 characters, a zip or city up to 60, a state of the list (or none). */
export const CharitySearchSchema = z.object({
  term: z
    .string({ required_error: M.termTooShort, invalid_type_error: M.termTooShort })
    .trim()
    .min(MIN_CHARITY_TERM_LENGTH, M.termTooShort)
    .max(MAX_CHARITY_TERM_LENGTH, M.termTooLong),
  location: z
    .string({ invalid_type_error: M.locationTooLong })
    .trim()
    .max(MAX_CHARITY_LOCATION_LENGTH, M.locationTooLong)
    .default(""),
  state: z
    .string({ invalid_type_error: M.state })
    .trim()
    .toUpperCase()
    .default("")
    .refine((code) => code === "" || STATE_CODES.has(code), M.state),
});
export type CharitySearchInput = z.output<typeof CharitySearchSchema>;

/** The charity search of a cart or checkout page without JavaScript: the page's own query. */
export interface PageCharitySearch {
  /** What the form shows again. */
  values: { term: string; location: string; state: string };
  /** The search to run, or null when there is none (no term) or it is not valid. */
  query: CharitySearchInput | null;
  /** Why the search was not run. */
  error: string | null;
}

/**
 * The page's charity search from its query string (`charity`, `location`, `state`):
 * none without `charity`; otherwise validated like the JSON call.
 */
export function pageCharitySearch(params: URLSearchParams): PageCharitySearch | null {
  const term = params.get("charity");
  if (term === null) return null;
  const values = {
    term: term.slice(0, MAX_CHARITY_TERM_LENGTH * 2),
    location: (params.get("location") ?? "").slice(0, MAX_CHARITY_LOCATION_LENGTH * 2),
    state: (params.get("state") ?? "").slice(0, 8),
  };
  const parsed = CharitySearchSchema.safeParse(values);
  return parsed.success
    ? { values, query: parsed.data, error: null }
    : { values, query: null, error: parsed.error.issues[0].message };
}

/** What the shop says after a cause is chosen. */
export const causeChosenNotice = (causeName: string) => `Your gift now goes to ${causeName}.`;

/** What the shop says after the extra is set. */
export function extraChosenNotice(extra: DonationExtra | null): string {
  if (!extra) return "No extra gift.";
  if (extra.kind === "round-up") return "Round-up added: it is worked out on your order total at checkout.";
  return `Add-on of ${formatMoney(extra.cents)} added.`;
}

/** The label of an extra choice in the panel. */
export function extraChoiceLabel(extra: DonationExtra | null): string {
  if (!extra) return "No thanks";
  if (extra.kind === "round-up") return "Round up my order to the next dollar";
  return `Add ${formatMoney(extra.cents).replace(/\.00$/, "")}`;
}

/** "3 charities found", "1 charity found", "No charities found". */
export function charitiesFoundMessage(count: number): string {
  if (count === 0) return "No charities found. Try another name or place.";
  return `${count} ${count === 1 ? "charity" : "charities"} found`;
}
