// The FTC acknowledgement (shop-core spec section 3, isFTCAcknowledged):
// shown to a registered staff member on every page until they acknowledge it
// once. A plain form post, so it works without JavaScript.
import { Form, useLocation } from "@remix-run/react";

export function FtcNotice() {
  const location = useLocation();
  return (
    <section className="ftc-notice container" aria-labelledby="ftc-notice-heading">
      <h2 id="ftc-notice-heading">Before you shop: FTC disclosure</h2>
      <p>
        Program pricing is a benefit of your work with pets. If you recommend, review or post about our products — to
        clients, online or on social media — the Federal Trade Commission requires you to say that you buy them at
        program prices. Program food is for your own pets and may not be resold.
      </p>
      <Form method="post" action="/account/ftc-acknowledgement">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="button button--primary">
          I understand
        </button>
      </Form>
    </section>
  );
}
