import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { isExternalUrl, type ContentLink } from "~/models/content-links";

/**
 * A link an editor wrote: a shop path becomes a client-side link, an http(s)
 * address a plain anchor. Unsafe URLs never get here (the content schemas refuse them).
 */
export function ContentLinkTo({
  link,
  className,
  children,
}: {
  link: ContentLink;
  className?: string;
  children?: ReactNode;
}) {
  if (isExternalUrl(link.url)) {
    return (
      <a href={link.url} className={className} rel="noopener">
        {children ?? link.text}
      </a>
    );
  }
  return (
    <Link to={link.url} className={className}>
      {children ?? link.text}
    </Link>
  );
}
