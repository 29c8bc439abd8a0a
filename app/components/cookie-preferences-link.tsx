// A link that opens the cookie preferences (catalogue spec section 8: "here" in the reviews
// message opens them). Without JavaScript, or before the preferences dialog is on the page,
// it is a plain link to the preferences page; with it, the dialog takes the event and opens.
import type { ReactNode } from "react";
import { COOKIE_PREFERENCES_PATH, OPEN_PREFERENCES_EVENT } from "~/models/consent";

export function CookiePreferencesLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <a
      href={COOKIE_PREFERENCES_PATH}
      className={className}
      onClick={(event) => {
        // The dialog's listener calls preventDefault when it opened: then the link stays put.
        const opened = !window.dispatchEvent(new CustomEvent(OPEN_PREFERENCES_EVENT, { cancelable: true }));
        if (opened) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
