// The theme's constants that code reads (catalogue spec section 9, docs/rules.md "Brand, type
// and header"). app/styles/app.css's :root holds the same values as CSS variables; the test
// (app/models/theme.test.ts) keeps the two equal, and keeps every media query in app.css on
// a breakpoint here (CSS custom properties cannot be used inside @media).

/** The primary colour, also the browser's theme colour (the `theme-color` meta in app/root.tsx). */
export const PRIMARY_COLOR = "#0054aa";

/** The theme colours (catalogue spec section 9), as the CSS variables `--color-<name>`. */
export const THEME_COLORS = {
  primary: PRIMARY_COLOR,
  secondary: "#003672",
  error: "#c4132a",
  success: "#60c150",
  warning: "#efaa00",
  disabled: "#c6c7cc",
} as const;

/** Breakpoints in px, the lower edge of each (`--breakpoint-<name>`): media queries use `min-width` on these. */
export const BREAKPOINTS = { xs: 0, sm: 480, md: 768, lg: 960, xl: 1280, xxl: 1440 } as const;

/** Grid widths in px (`--grid-<name>`): the container's max width from each breakpoint up. */
export const GRID_WIDTHS = { sm: 480, md: 768, lg: 992, xl: 1132, xxl: 1440 } as const;
