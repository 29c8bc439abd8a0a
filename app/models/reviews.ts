// Review rules (docs/rules.md "Reviews"): what a review may contain, when moderation holds
// it, how ratings add up, how a list is ordered and filtered. Pure.
import type { ReviewSort } from "./review-query";

export type ReviewStatus = "pending" | "published" | "rejected";

/** A review as a page shows it (published, unless it is the viewer's own). */
export interface ReviewView {
  id: string;
  productId: string;
  authorName: string;
  /** 1 to 5. */
  rating: number;
  title: string;
  body: string;
  verifiedBuyer: boolean;
  helpfulCount: number;
  /** ISO 8601: when it was published (or written, while pending). */
  date: string;
  status: ReviewStatus;
}

/** A product's published reviews in figures. */
export interface RatingSummary {
  /** Mean of the published ratings, to one decimal; 0 when there are none. */
  average: number;
  count: number;
  /** How many published reviews gave 1, 2, 3, 4 and 5 stars (index 0 is 1 star). */
  distribution: [number, number, number, number, number];
}

/** Reviews per page of a product's list. */
export const REVIEW_PAGE_SIZE = 10;

/** A review the shop refuses, with the message the shopper sees and the field it concerns. */
export class ReviewError extends Error {
  constructor(
    message: string,
    /** "review": the review does not exist or cannot be voted on (a route answers 404). */
    readonly field: "rating" | "title" | "body" | "product" | "review" | null = null,
  ) {
    super(message);
    this.name = "ReviewError";
  }
}

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const TITLE_MAX_LENGTH = 100;
export const BODY_MIN_LENGTH = 10;
export const BODY_MAX_LENGTH = 5000;

export const REVIEW_MESSAGES = {
  rating: "Choose a star rating from 1 to 5.",
  titleMissing: "Enter a title for your review.",
  titleTooLong: `The title must be ${TITLE_MAX_LENGTH} characters or fewer.`,
  bodyTooShort: `The review must be at least ${BODY_MIN_LENGTH} characters.`,
  bodyTooLong: `The review must be ${BODY_MAX_LENGTH.toLocaleString("en-US")} characters or fewer.`,
  duplicate: "You have already reviewed this product.",
  unknownProduct: "This product cannot be reviewed.",
  unknownReview: "This review is not available.",
  voter: "This vote cannot be counted.",
} as const;

/** Characters as a reader counts them (code points, so an emoji is one). */
const lengthOf = (text: string) => Array.from(text).length;

/** A rating as given: a number, or the digits a form posts. Anything else is NaN. */
function ratingNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

export interface ReviewFields {
  rating: number;
  title: string;
  body: string;
}

/**
 * The review's fields as stored, or a ReviewError naming the first bad field: rating a whole
 * number 1 to 5; title trimmed, 1 to 100 characters; body trimmed (line ends as "\n"),
 * 10 to 5,000 characters.
 */
export function validateReview(input: { rating: unknown; title: unknown; body: unknown }): ReviewFields {
  const rating = ratingNumber(input.rating);
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) {
    throw new ReviewError(REVIEW_MESSAGES.rating, "rating");
  }
  const title = typeof input.title === "string" ? input.title.replace(/\s+/g, " ").trim() : "";
  if (title === "") throw new ReviewError(REVIEW_MESSAGES.titleMissing, "title");
  if (lengthOf(title) > TITLE_MAX_LENGTH) throw new ReviewError(REVIEW_MESSAGES.titleTooLong, "title");
  const body = typeof input.body === "string" ? input.body.replace(/\r\n?/g, "\n").trim() : "";
  if (lengthOf(body) < BODY_MIN_LENGTH) throw new ReviewError(REVIEW_MESSAGES.bodyTooShort, "body");
  if (lengthOf(body) > BODY_MAX_LENGTH) throw new ReviewError(REVIEW_MESSAGES.bodyTooLong, "body");
  return { rating, title, body };
}

// Moderation (docs/decisions.md "Reviews"): links and profanity are held for a moderator.

const SCHEME_OR_WWW = /\b[a-z][a-z0-9+.-]*:\/\/|\bwww\./i;

/**
 * Runs of letters and digits (hyphens inside) joined by single dots: every candidate for a bare
 * domain, such as "petfood-deals.ru", "shop.example.co.uk", "2.5", "e.g" or "food.Really".
 */
const DOTTED_RUN = /[\p{L}\p{N}]+(?:-+[\p{L}\p{N}]+)*(?:\.[\p{L}\p{N}]+(?:-+[\p{L}\p{N}]+)*)+/gu;

/** A top-level domain's shape: 2 to 63 letters of any script, or an ASCII (punycode) "xn--" label. */
const TLD_SHAPE = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/** A capital and then small letters: after a dot with no space, the start of a sentence ("food.Really"). */
const SENTENCE_START = /^\p{Lu}\p{Ll}+$/u;

/**
 * Top-level domains that count as links also when capitalised ("Deals.Com"): common ones that are
 * no English word, so a sentence cannot start with them.
 */
const CAPITALISED_TLDS: ReadonlySet<string> = new Set(
  "com net org info biz io co uk ca au de fr nl eu ru cn tk xyz".split(" "),
);

/** Whether a dot-joined run holds a domain: any label after the first has a TLD's shape (and is no sentence start). */
function holdsDomain(run: string): boolean {
  const labels = run.split(".");
  return labels.slice(1).some((label) => {
    if (!TLD_SHAPE.test(label)) return false;
    return !SENTENCE_START.test(label) || CAPITALISED_TLDS.has(label.toLowerCase());
  });
}

/**
 * True when the text carries a link (docs/decisions.md "Reviews"): a URL with a scheme, "www.",
 * or a bare domain in any top-level domain ("petfood-deals.ru", "PET-FOOD-DEALS.TK", an email
 * address's domain). Not a link: numbers and units ("2.5 cups", "3.5lb", "v1.2.3"), one-letter
 * abbreviations ("e.g.", "i.e.") and a sentence started without a space ("Great food.Really").
 */
export function containsLink(text: string): boolean {
  if (SCHEME_OR_WWW.test(text)) return true;
  for (const [run] of text.matchAll(DOTTED_RUN)) if (holdsDomain(run)) return true;
  return false;
}

/**
 * Words held for review (whole words, any case). "bitch" is left out on purpose: in a pet
 * shop it is the word for a female dog.
 */
const PROFANITY = [
  "fuck",
  "fucks",
  "fucked",
  "fucker",
  "fuckers",
  "fucking",
  "motherfucker",
  "shit",
  "shits",
  "shitty",
  "bullshit",
  "bastard",
  "bastards",
  "asshole",
  "assholes",
  "cunt",
  "dickhead",
  "wanker",
  "twat",
  "slut",
  "whore",
  "goddamn",
];

// Letters a word is disguised with ("sh1t", "$hit", "f@ck").
const LOOKALIKES: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "@": "a",
  $: "s",
  "!": "i",
};

// Each letter may be repeated ("shiiit", "fuuuck"); the word must be whole.
const PROFANITY_PATTERNS = PROFANITY.map(
  (word) => new RegExp(`^${Array.from(word, (letter) => `${letter}+`).join("")}$`),
);

/** True when the text holds a listed word, also with repeated letters or look-alike characters. */
export function containsProfanity(text: string): boolean {
  for (const raw of text.toLowerCase().split(/[^a-z0-9@$!]+/)) {
    // A "!" ending a word is punctuation, not an "i".
    const word = Array.from(raw.replace(/!+$/, ""), (c) => LOOKALIKES[c] ?? c).join("");
    if (word !== "" && PROFANITY_PATTERNS.some((pattern) => pattern.test(word))) return true;
  }
  return false;
}

export type ModerationNote = "link" | "profanity";

export type Moderation = { status: "published"; note: null } | { status: "pending"; note: ModerationNote };

/** A new review's status: published, or pending with why (a link first, then profanity). */
export function moderationOf(title: string, body: string): Moderation {
  if (containsLink(title) || containsLink(body)) return { status: "pending", note: "link" };
  if (containsProfanity(title) || containsProfanity(body)) return { status: "pending", note: "profanity" };
  return { status: "published", note: null };
}

/** The name a review shows: first name and last initial ("Dana R."). */
export function authorNameOf(firstName: string, lastName: string): string {
  const first = firstName.replace(/\s+/g, " ").trim();
  const initial = Array.from(lastName.trim())[0]?.toLocaleUpperCase("en-US");
  if (first === "") return initial ? `${initial}.` : "Customer";
  return initial ? `${first} ${initial}.` : first;
}

/**
 * Order statuses that make a customer a verified buyer of the products on the order's lines:
 * paid and what follows payment; never a pending (unpaid) order, nor a cancelled or refunded one.
 */
export const PURCHASED_ORDER_STATUSES: readonly string[] = ["paid", "packed", "shipped", "delivered"];

// Aggregates: only published reviews count.

/** The mean rating to one decimal, halves rounded up (4.25 -> 4.3, 4.35 -> 4.4); 0 with no ratings. */
export function averageRating(count: number, sum: number): number {
  if (count <= 0) return 0;
  // Ten times the mean is a multiple of 0.5 exactly when it lies halfway, so Math.round sees it exactly.
  return Math.round((sum * 10) / count) / 10;
}

/** A card's rating figures from the product's count and sum, or null with no published reviews. */
export function ratingOf(ratingCount: number, ratingSum: number): { average: number; count: number } | null {
  return ratingCount > 0 ? { average: averageRating(ratingCount, ratingSum), count: ratingCount } : null;
}

/** The summary of a product's published ratings, from how many reviews gave each rating. */
export function ratingSummaryOf(counts: readonly { rating: number; count: number }[]): RatingSummary {
  const distribution: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  let count = 0;
  let sum = 0;
  for (const entry of counts) {
    if (!Number.isInteger(entry.rating) || entry.rating < RATING_MIN || entry.rating > RATING_MAX) continue;
    distribution[entry.rating - 1] += entry.count;
    count += entry.count;
    sum += entry.rating * entry.count;
  }
  return { average: averageRating(count, sum), count, distribution };
}

// Lists: sort, filter, page.

export type ReviewSortField = "publishedAt" | "helpfulCount" | "rating" | "id";

/**
 * What each order compares, first to last (ties fall to the next key; the id makes it total):
 * recent is newest first; helpful is most votes, then recent; highest and lowest are by
 * rating, then recent.
 */
export const REVIEW_SORT_KEYS: Record<ReviewSort, readonly { field: ReviewSortField; direction: "asc" | "desc" }[]> = {
  recent: [
    { field: "publishedAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  helpful: [
    { field: "helpfulCount", direction: "desc" },
    { field: "publishedAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  highest: [
    { field: "rating", direction: "desc" },
    { field: "publishedAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  lowest: [
    { field: "rating", direction: "asc" },
    { field: "publishedAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
};

/** The last page of a list of `total` reviews (1 for an empty list). */
export function reviewPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
}

/** A voter key: "customer:<id>" or "visitor:<id>" (letters, digits, "-" and "_"). */
export function isVoterKey(value: string): boolean {
  return /^(customer|visitor):[A-Za-z0-9_-]{1,64}$/.test(value);
}
