// @vitest-environment jsdom
// The outbox page's table (docs/rules.md "Outbox"): each message's delivery state
// under proper column headers, readable without JavaScript (plain links).
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import Outbox from "./dev.outbox";

afterEach(cleanup);

const message = {
  id: "ob1",
  topic: "email",
  status: "queued",
  tries: 2,
  nextAttemptAt: "2026-11-25T12:01:00.000Z",
  lastError: "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525",
  sentAt: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  email: { id: "em1", to: "robin@example.com", subject: "Order #100001 confirmed", template: "order-confirmation" },
};

describe("/dev/outbox page", () => {
  it("shows status, tries, next attempt, last error and sent time under column headers", async () => {
    const Stub = createRemixStub([
      {
        path: "/dev/outbox",
        Component: Outbox,
        loader: () => ({
          messages: [
            message,
            {
              ...message,
              id: "ob2",
              status: "sent",
              tries: 1,
              lastError: null,
              sentAt: message.createdAt,
              email: null,
              topic: "client-error",
            },
          ],
          selected: null,
          status: null,
        }),
      },
    ]);
    render(<Stub initialEntries={["/dev/outbox"]} />);
    const table = await screen.findByRole("table", { name: "The last 50 messages" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "Written",
      "Topic",
      "To",
      "Subject",
      "Status",
      "Tries",
      "Next attempt",
      "Last error",
      "Sent",
    ]);
    const [, queued, sent] = within(table).getAllByRole("row");
    expect(
      within(queued)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "2026-11-25 07:00:00 EST",
      "email",
      "robin@example.com",
      "Order #100001 confirmed",
      "queued",
      "2",
      "2026-11-25 07:01:00 EST",
      "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525",
      "–",
    ]);
    expect(within(queued).getByRole("link", { name: "Order #100001 confirmed" }).getAttribute("href")).toBe(
      "/dev/outbox?id=em1",
    );
    expect(
      within(sent)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2026-11-25 07:00:00 EST", "client-error", "–", "–", "sent", "1", "–", "–", "2026-11-25 07:00:00 EST"]);
  });
});
