// An email's two parts from one React element (docs/decisions.md "Emails"): the HTML with
// react-email's renderer, and the plain-text part from the same element with
// `plainText: true`, so the two never say different things. Everything the element shows
// goes through React, which escapes it: no template sets inner HTML.
import { render } from "@react-email/render";
import type { ReactElement } from "react";
import type { EmailInput } from "~/services/email/types";

/** The part of html-to-text's formatter API the link formatter uses. */
interface TextBuilder {
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
}
type Walk = (nodes: unknown, builder: TextBuilder) => void;
interface Element {
  attribs?: Record<string, string>;
  children: unknown;
}

/**
 * A link in the plain text: "label: https://…", the address alone when it is the label
 * (an email address), and nothing more for a link with no address.
 */
function linkWithColon(elem: Element, walk: Walk, builder: TextBuilder) {
  const href = (elem.attribs?.href ?? "").replace(/^mailto:/, "");
  if (!href) return walk(elem.children, builder);
  let text = "";
  builder.pushWordTransform((word) => {
    text += word;
    return word;
  });
  walk(elem.children, builder);
  builder.popWordTransform();
  if (text !== href) builder.addInline(text ? `: ${href}` : href, { noWordTransform: true });
}

/** The value cell of a pair row: ": " then the cell's text. */
function pairValue(elem: Element, walk: Walk, builder: TextBuilder) {
  builder.addInline(": ", { noWordTransform: true });
  walk(elem.children, builder);
}

const TEXT_OPTIONS = {
  formatters: { linkWithColon, pairValue },
  selectors: [
    { selector: "a", format: "linkWithColon" },
    // Headings as written, not upper-cased (html-to-text's default).
    ...["h1", "h2", "h3"].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
    })),
    // A row of two cells ("Subtotal", "$10.00") reads "Subtotal: $10.00" (data-text="pair").
    { selector: "tr[data-text=pair]", format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "tr[data-text=pair] > td", format: "inline" },
    { selector: "tr[data-text=pair] > td + td", format: "pairValue" },
  ],
};

/** The rendered message's two parts. */
export interface RenderedEmail {
  html: string;
  text: string;
}

/** Renders an email element to its HTML and its plain-text part. */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  return { html, text: text.replace(/\n{3,}/g, "\n\n").trim() };
}

/** A message with both parts rendered from `element`, for `EmailService.enqueue`. */
export async function composeEmail(
  message: Omit<EmailInput, "text" | "html">,
  element: ReactElement,
): Promise<EmailInput> {
  const { html, text } = await renderEmail(element);
  return { ...message, html, text };
}
