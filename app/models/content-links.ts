// Links and inline text of content entries as pages render them (catalogue spec sections 3
// and 7). Without zod, so pages load none for it (docs/rules.md "Client JavaScript budget");
// the schemas that validate entries are in ./content.

/** A link as content writes it: its text and a safe url (`isSafeUrl`). */
export interface ContentLink {
  text: string;
  url: string;
}

/** A link target: a path in the shop or an http(s) address. Anything else (javascript:, data:) is refused. */
export function isSafeUrl(url: string): boolean {
  if (url.startsWith("/")) return !url.startsWith("//") && !url.includes("\\");
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

/** Whether a link leaves the shop (rendered as a plain anchor, not a client-side link). */
export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url);

/** One piece of paragraph text: plain, or a link written as [text](url) with a safe url. */
export type InlinePart = { text: string; url?: string };

/** Splits "See [our FAQ](/faq)." into parts; a link with an unsafe url stays plain text. */
export function parseInline(source: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ text: source.slice(last, index) });
    parts.push(isSafeUrl(match[2]) ? { text: match[1], url: match[2] } : { text: match[0] });
    last = index + match[0].length;
  }
  if (last < source.length) parts.push({ text: source.slice(last) });
  return parts;
}

/** The 404 page's defaults (catalogue spec sections 2 and 3). */
export const DEFAULT_404_TITLE = "404 Error";
export const DEFAULT_404_CTA: ContentLink = { text: "Back To Homepage", url: "/" };
