// A message of plain paragraphs and closing links: the first link is the button, the rest
// are links on their own lines (the autoship, order-status and password emails).
import type { SiteId } from "~/models/site";
import { emailShop } from "~/services/email/shop.server";
import type { EmailInput } from "~/services/email/types";
import { Action, EmailLayout, MoreLink, P } from "./layout.server";
import { composeEmail } from "./render.server";

export interface EmailLink {
  label: string;
  href: string;
}

export function paragraphsEmail(message: {
  site: SiteId;
  to: string;
  subject: string;
  template: string;
  paragraphs: readonly string[];
  links: readonly EmailLink[];
  children?: React.ReactNode;
}): Promise<EmailInput> {
  const [action, ...more] = message.links;
  return composeEmail(
    { to: message.to, subject: message.subject, template: message.template },
    <EmailLayout
      shop={emailShop(message.site)}
      preview={message.paragraphs[0] ?? message.subject}
      heading={message.subject}
    >
      {message.paragraphs.map((p, i) => (
        <P key={i}>{p}</P>
      ))}
      {message.children}
      {action ? <Action href={action.href}>{action.label}</Action> : null}
      {more.map((link) => (
        <MoreLink key={link.href} href={link.href}>
          {link.label}
        </MoreLink>
      ))}
    </EmailLayout>,
  );
}
