// "Notify me when it's back" (docs/rules.md "Back in stock"): the form's name and its answer,
// with no zod, so the form's chunk shares nothing with the listing and product pages' scripts
// (docs/rules.md "Client JavaScript budget"). The schema is in ./stock-notification.ts.

/** The form's intent (the product page's action answers only it). */
export const NOTIFY_ME_INTENT = "notify-me";

/** What the shopper is told once the request is kept (a repeat gets the same answer). */
export function notifyMeConfirmation(email: string): string {
  return `We'll email you at ${email} when it's back.`;
}
