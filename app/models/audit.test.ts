import { describe, expect, it } from "vitest";
import { AUDIT_CSV_HEADER, auditCsvRows, AuditFilterSchema, changedFields } from "./audit";

describe('audit entries (docs/rules.md "Back office")', () => {
  it("keeps only the fields that changed", () => {
    expect(
      changedFields(
        { priceCents: 4999, title: "Bag", badges: ["new"] },
        { priceCents: 4599, title: "Bag", badges: ["new"] },
      ),
    ).toEqual({ before: { priceCents: 4999 }, after: { priceCents: 4599 } });
    expect(changedFields({ badges: ["new"] }, { badges: ["new", "sale"] })).toEqual({
      before: { badges: ["new"] },
      after: { badges: ["new", "sale"] },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({ before: {}, after: {} });
  });

  it("reads the owner's filter, refusing a malformed date", () => {
    expect(AuditFilterSchema.parse({ actor: " ", subjectType: "", page: "x" })).toEqual({
      actor: undefined,
      action: undefined,
      subjectType: undefined,
      subjectId: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
    expect(AuditFilterSchema.safeParse({ from: "24/11/2026" }).success).toBe(false);
    expect(AuditFilterSchema.parse({ from: "2026-11-24", subjectType: "order" })).toMatchObject({
      from: "2026-11-24",
      subjectType: "order",
    });
  });
});

describe("the audit log as CSV", () => {
  it("writes each entry with before and after as their JSON, a header cell per column", () => {
    const rows = auditCsvRows([
      {
        createdAt: "2031-03-04T10:00:00.000Z",
        actorEmail: "owner@example.com",
        actorRole: "owner",
        action: "order.refund",
        subjectType: "order",
        subjectId: "o1",
        subjectLabel: "Order #100012",
        before: null,
        after: { refundCents: 1200 },
      },
    ]);
    expect(rows).toEqual([
      [
        "2031-03-04T10:00:00.000Z",
        "owner@example.com",
        "owner",
        "order.refund",
        "order",
        "o1",
        "Order #100012",
        "",
        '{"refundCents":1200}',
      ],
    ]);
    expect(rows[0]).toHaveLength(AUDIT_CSV_HEADER.length);
  });
});
