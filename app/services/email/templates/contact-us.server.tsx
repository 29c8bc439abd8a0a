// A contact-form message (shop-core spec section 7), for the support address.
import type { SiteId } from "~/models/site";
import { emailShop } from "~/services/email/shop.server";
import type { EmailInput } from "~/services/email/types";
import { EmailLayout, P, Pairs } from "./layout.server";
import { composeEmail } from "./render.server";
import { Link } from "@react-email/link";

export interface ContactEmail {
  to: string;
  /** The site the message came from: its layout, and its name and id in the rows. */
  siteId: SiteId;
  /** The site's name and id, e.g. "Pet Nutrition (DTC)". */
  site: string;
  name: string;
  email: string;
  phone?: string;
  orderNumber?: string;
  topic: string;
  message: string;
  customerId?: string | null;
  /** The stored ContactMessage's id. */
  reference: string;
}

/** Sent to support for every contact-form message; replies go to the shopper. */
export function contactUsEmail(contact: ContactEmail): Promise<EmailInput> {
  const subject = `Contact form: ${contact.topic} from ${contact.name}`.slice(0, 250);
  const rows = [
    { label: "Site", value: contact.site },
    { label: "Topic", value: contact.topic },
    { label: "Name", value: contact.name },
    { label: "Email", value: contact.email },
    { label: "Phone", value: contact.phone ?? "not given" },
    { label: "Order number", value: contact.orderNumber ?? "not given" },
    { label: "Customer account", value: contact.customerId ?? "guest" },
    { label: "Reference", value: contact.reference },
  ];
  return composeEmail(
    { to: contact.to, replyTo: contact.email, subject, template: "contact-us" },
    <EmailLayout shop={emailShop(contact.siteId)} preview={contact.message.slice(0, 120)} heading={subject}>
      <P>
        A message from the contact form. Reply to the shopper at{" "}
        <Link href={`mailto:${contact.email}`}>{contact.email}</Link>.
      </P>
      <Pairs rows={rows} />
      <P>Message:</P>
      {/* Line by line: mail clients and the plain text keep the shopper's line breaks. */}
      <P>
        {contact.message.split(/\r?\n/).map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </P>
    </EmailLayout>,
  );
}
