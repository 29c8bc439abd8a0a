// Back in stock (docs/rules.md "Emails"): the variant a shopper asked to hear about can be
// bought again. Sent once per request: the note says so, so the shopper knows to ask again.
import type { SiteId } from "~/models/site";
import { emailShop } from "~/services/email/shop.server";
import type { EmailInput } from "~/services/email/types";
import { Action, EmailLayout, P, ProductLine } from "./layout.server";
import { composeEmail } from "./render.server";

export interface BackInStock {
  site: SiteId;
  to: string;
  productTitle: string;
  variantTitle: string;
  /** The variant's page, absolute on the site's public origin. */
  url: string;
  /** The variant's picture, absolute and small (`emailImageUrl`); null without one. */
  imageUrl: string | null;
}

/** Sent when a variant someone asked about is in stock again; one email per request. */
export function backInStockEmail({
  site,
  to,
  productTitle,
  variantTitle,
  url,
  imageUrl,
}: BackInStock): Promise<EmailInput> {
  const subject = `${productTitle} is back in stock`;
  return composeEmail(
    { to, subject, template: "back-in-stock" },
    <EmailLayout
      shop={emailShop(site)}
      preview={`${productTitle} (${variantTitle}) is back in stock.`}
      heading={subject}
    >
      <P>Good news: the item you asked about can be ordered again.</P>
      <ProductLine imageUrl={imageUrl} title={productTitle} detail={variantTitle} />
      <Action href={url}>Shop it now</Action>
      <P>
        We send this email once: you asked to hear when this item is back, and now it is. If it sells out again, ask
        again on its page.
      </P>
    </EmailLayout>,
  );
}
