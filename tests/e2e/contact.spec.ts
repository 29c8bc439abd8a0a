// The contact form in the browser, with and without JavaScript (shop-core
// spec section 2 /contact-us; catalogue spec section 2 title 'Contact Us';
// docs/architecture.md "Forms and the JSON API": errors beside their fields,
// typed values kept).
import { expect, test, type Page } from "@playwright/test";
import { open, query, SITES, uniqueEmail } from "./helpers";

const SENT = "Thank you, your message is sent. We reply within 1 business day.";

/** The field's error: the element its aria-describedby names. */
async function expectFieldError(page: Page, label: string, message: string) {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
  expect(errorId, `${label} names its error`).toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

const send = (page: Page) => page.getByRole("button", { name: "Send message" }).click();

for (const { site, baseURL, suffix } of SITES) {
  test.describe(`contact form on ${site}`, () => {
    if (baseURL) test.use({ baseURL });

    test("is titled 'Contact Us' and open to guests (catalogue spec section 2)", async ({ page }, testInfo) => {
      const response = await open(page, testInfo, "/contact-us");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`Contact Us | ${suffix}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
      // The topics come from content or the defaults; there is always a choice.
      expect(await page.getByLabel("Topic").locator("option").count()).toBeGreaterThan(1);
    });

    test("errors show beside their fields, typed values are kept, then the message is sent", async ({
      page,
    }, testInfo) => {
      const email = uniqueEmail(testInfo, `contact-${site.toLowerCase()}`);
      const marker = `e2e ${testInfo.project.name} ${Date.now()}`;
      await open(page, testInfo, "/contact-us");

      // Empty: every required field says what it needs.
      await send(page);
      await expectFieldError(page, "Name", "Enter your name.");
      await expectFieldError(page, "Email", "Enter your email address.");
      await expectFieldError(page, "Topic", "Choose a topic.");
      await expectFieldError(page, "Message", "Write your message.");
      await expect(page.getByLabel("Phone (optional)")).not.toHaveAttribute("aria-invalid", "true");

      // A bad email: its error, and everything else as typed.
      await page.getByLabel("Name", { exact: true }).fill("Robin Lee");
      await page.getByLabel("Email", { exact: true }).fill("robin@");
      await page.getByLabel("Phone (optional)").fill("(303) 555-0100");
      await page.getByLabel("Order number (optional)").fill("#1001");
      await page.getByLabel("Topic").selectOption({ index: 1 });
      const topic = await page.getByLabel("Topic").inputValue();
      await page.getByLabel("Message", { exact: true }).fill(`The bag arrived torn. ${marker}`);
      await send(page);
      await expectFieldError(page, "Email", "Enter an email address like name@example.com.");
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Robin Lee");
      await expect(page.getByLabel("Phone (optional)")).toHaveValue("(303) 555-0100");
      await expect(page.getByLabel("Order number (optional)")).toHaveValue("#1001");
      await expect(page.getByLabel("Topic")).toHaveValue(topic);
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue(`The bag arrived torn. ${marker}`);
      await expect(page.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");

      // Fixed: sent, with the notice, and a fresh form.
      await page.getByLabel("Email", { exact: true }).fill(email);
      await send(page);
      await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === "/contact-us");
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

      const stored = query<{
        id: string;
        site: string;
        phone: string;
        orderNumber: string;
        topic: string;
        emailMessageId: string;
      }>(
        testInfo,
        'SELECT id, site, phone, orderNumber, topic, emailMessageId FROM "ContactMessage" WHERE email = ?',
        email,
      );
      expect(stored).toEqual([expect.objectContaining({ site, phone: "303-555-0100", orderNumber: "1001", topic })]);
      const [sent] = query<{ id: string; subject: string; text: string; template: string }>(
        testInfo,
        'SELECT id, subject, text, template FROM "EmailMessage" WHERE id = ?',
        stored[0].emailMessageId,
      );
      expect(sent).toMatchObject({ subject: `Contact form: ${topic} from Robin Lee`, template: "contact-us" });
      expect(sent.text).toContain(marker);
      expect(sent.text).toContain(`Email: ${email}`);
    });
  });
}
