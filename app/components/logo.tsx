import { SITE_NAME, type SiteId } from "~/models/site";

/** The shop's wordmark with a paw; decorative parts are hidden from screen readers. */
export function Logo({ site }: { site: SiteId }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="currentColor" />
        <g fill="#fff">
          <ellipse cx="16" cy="20.5" rx="6" ry="5" />
          <ellipse cx="8.5" cy="14" rx="2.4" ry="3" />
          <ellipse cx="13" cy="9.5" rx="2.4" ry="3" />
          <ellipse cx="19" cy="9.5" rx="2.4" ry="3" />
          <ellipse cx="23.5" cy="14" rx="2.4" ry="3" />
        </g>
      </svg>
      <span className="logo__text">{SITE_NAME[site]}</span>
    </span>
  );
}
