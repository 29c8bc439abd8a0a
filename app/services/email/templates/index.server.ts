// The shop's email templates (docs/rules.md "Emails"): React elements with react-email's
// parts in one layout, rendered to HTML and plain text when the email is written to the
// outbox (`composeEmail`). Server only.
export * from "./autoship.server";
export * from "./back-in-stock.server";
export * from "./contact-us.server";
export * from "./order-confirmation.server";
export * from "./order-status.server";
export * from "./password-reset.server";
export { renderEmail } from "./render.server";
