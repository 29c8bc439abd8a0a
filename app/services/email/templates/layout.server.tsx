// The shops' email layout (docs/rules.md "Emails"): the header with the site's logo and
// name, the message, the support contact and the footer's links and line. Inline styles
// and tables (react-email's parts), since mail clients ignore style sheets.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import type { EmailShop } from "~/services/email/shop.server";
import { emailYear } from "./dates";

// The shop's colours (app/styles/shop.css): primary blue, ink, muted ink, the page's grey.
const PRIMARY = "#0054aa";
const INK = "#1b1b1b";
const MUTED = "#5a5f66";
const FONT = "'Nunito Sans', Arial, Helvetica, sans-serif";

const styles = {
  body: { backgroundColor: "#f3f5f8", margin: 0, padding: "24px 0", fontFamily: FONT, color: INK },
  container: { backgroundColor: "#ffffff", maxWidth: "600px", width: "100%", borderRadius: "8px" },
  header: { padding: "20px 24px", borderBottom: `4px solid ${PRIMARY}` },
  name: { fontSize: "20px", fontWeight: 800, color: PRIMARY, margin: 0, paddingLeft: "12px" },
  main: { padding: "8px 24px 16px" },
  heading: { fontSize: "22px", lineHeight: "28px", margin: "16px 0 8px", color: INK },
  text: { fontSize: "15px", lineHeight: "22px", margin: "12px 0" },
  button: {
    backgroundColor: PRIMARY,
    color: "#ffffff",
    fontSize: "15px",
    fontWeight: 700,
    borderRadius: "6px",
    padding: "12px 20px",
    textDecoration: "none",
  },
  link: { color: PRIMARY, textDecoration: "underline" },
  support: { padding: "0 24px 8px" },
  footer: { padding: "16px 24px 24px", color: MUTED },
  small: { fontSize: "13px", lineHeight: "20px", margin: "4px 0", color: MUTED },
} as const;

/** A paragraph of the message. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** A second-level heading inside the message. */
export function H2({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ ...styles.heading, fontSize: "17px", margin: "20px 0 4px" }}>
      {children}
    </Heading>
  );
}

/** The message's main call to action, as a button. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "20px 0 8px" }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** A further link, on a line of its own. */
export function MoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={styles.text}>
      <Link href={href} style={styles.link}>
        {children}
      </Link>
    </Text>
  );
}

/** Label and value rows (amounts, a message's details); the plain text reads "Label: value". */
export function Pairs({ rows, total }: { rows: readonly { label: string; value: string }[]; total?: string }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0" }}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} data-text="pair">
            <td style={{ ...styles.text, margin: 0, padding: "3px 0" }}>{row.label}</td>
            <td align="right" style={{ ...styles.text, margin: 0, padding: "3px 0" }}>
              {row.value}
            </td>
          </tr>
        ))}
        {total === undefined ? null : (
          <tr data-text="pair">
            <td
              style={{
                ...styles.text,
                margin: 0,
                padding: "8px 0 3px",
                fontWeight: 800,
                borderTop: "1px solid #dde2e8",
              }}
            >
              Total
            </td>
            <td
              align="right"
              style={{
                ...styles.text,
                margin: 0,
                padding: "8px 0 3px",
                fontWeight: 800,
                borderTop: "1px solid #dde2e8",
              }}
            >
              {total}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** One product line with its picture: title, variant, what it says beside it (quantity, price). */
export function ProductLine({
  imageUrl,
  title,
  detail,
  value,
}: {
  imageUrl: string | null;
  title: string;
  detail: string;
  value?: string;
}) {
  return (
    <Row style={{ margin: "0 0 12px" }}>
      <Column style={{ width: "76px", verticalAlign: "top" }}>
        {imageUrl ? (
          <Img
            src={imageUrl}
            width={64}
            height={64}
            alt=""
            style={{ borderRadius: "6px", border: "1px solid #e6e9ee", display: "block" }}
          />
        ) : null}
      </Column>
      <Column style={{ verticalAlign: "top" }}>
        <Text style={{ ...styles.text, margin: "2px 0", fontWeight: 700 }}>{title}</Text>
        <Text style={{ ...styles.small, margin: "2px 0" }}>{detail}</Text>
      </Column>
      {value === undefined ? null : (
        <Column align="right" style={{ verticalAlign: "top", width: "90px" }}>
          <Text style={{ ...styles.text, margin: "2px 0" }}>{value}</Text>
        </Column>
      )}
    </Row>
  );
}

/**
 * The layout every email of the shop has: `preview` is the line inboxes show after the
 * subject; `heading` the message's title.
 */
export function EmailLayout({
  shop,
  preview,
  heading,
  children,
}: {
  shop: EmailShop;
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Row>
              {/* The logo is the picture of the name beside it: the plain text keeps the name only. */}
              <Column style={{ width: "48px" }} data-skip-in-text="true">
                <Link href={shop.homeUrl}>
                  <Img src={shop.logoUrl} width={48} height={48} alt={shop.name} style={{ display: "block" }} />
                </Link>
              </Column>
              <Column>
                <Text style={styles.name}>{shop.name}</Text>
              </Column>
            </Row>
          </Section>
          <Section style={styles.main}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={styles.support}>
            <Hr style={{ borderColor: "#dde2e8", margin: "8px 0 16px" }} />
            <Text style={styles.text}>
              Questions? Write to us at{" "}
              <Link href={`mailto:${shop.supportEmail}`} style={styles.link}>
                {shop.supportEmail}
              </Link>{" "}
              or use our{" "}
              <Link href={shop.contactUrl} style={styles.link}>
                contact form
              </Link>
              .
            </Text>
          </Section>
          <Section style={styles.footer}>
            <Text style={styles.small}>
              {shop.links.map((link, i) => (
                <span key={link.href}>
                  {i > 0 ? " · " : null}
                  <Link href={link.href} style={{ color: MUTED, textDecoration: "underline" }}>
                    {link.label}
                  </Link>
                </span>
              ))}
            </Text>
            <Text style={styles.small}>{shop.note}</Text>
            <Text style={styles.small}>
              © {emailYear()} {shop.name}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
