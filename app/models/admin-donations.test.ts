import { describe, expect, it } from "vitest";
import { groupDonations, monthsRange, reportMonths } from "./admin-donations";

const NY = "America/New_York";

const row = (at: string, cause: string | null, donationCents: number, shopperDonationCents = 0) => ({
  createdAt: new Date(at),
  causeId: cause ? `id-${cause}` : null,
  causeName: cause,
  donationCents,
  shopperDonationCents,
});

describe("donations report", () => {
  it("covers the last 12 months up to now, or the month asked for", () => {
    const months = reportMonths(null, new Date("2026-02-10T00:00:00Z"), NY);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months[11]).toBe("2026-02");
    expect(reportMonths("2026-01", new Date(), NY)).toEqual(["2026-01"]);
    expect(reportMonths("2026-13", new Date("2026-02-10T00:00:00Z"), NY)[11]).toBe("2026-02");
    // 23:30 on January 31 in New York: the report still ends in January.
    expect(reportMonths(null, new Date("2026-02-01T04:30:00Z"), NY)[11]).toBe("2026-01");
    // Months start at midnight in New York (EST in winter).
    expect(monthsRange(["2025-12", "2026-01"], NY)).toEqual({
      from: new Date("2025-12-01T05:00:00Z"),
      to: new Date("2026-02-01T05:00:00Z"),
    });
  });

  it("counts an order in its month in the shop's time zone", () => {
    // 23:30 on January 31 in New York is February 1 in UTC.
    const report = groupDonations([row("2026-02-01T04:30:00Z", "Shelter", 100)], ["2026-01", "2026-02"], NY);
    expect(report.byMonth.map((m) => [m.key, m.cents])).toEqual([
      ["2026-01", 100],
      ["2026-02", 0],
    ]);
  });

  it("sums by cause and by month, counting orders that gave", () => {
    const report = groupDonations(
      [
        row("2026-01-01T00:00:00Z", "Shelter", 100, 50),
        row("2026-01-31T23:59:59Z", "Shelter", 25),
        row("2026-02-01T00:00:00Z", "Rescue", 500),
        row("2026-02-02T00:00:00Z", null, 10),
        row("2026-02-03T00:00:00Z", "Rescue", 0),
        row("2025-12-31T23:59:59Z", "Rescue", 999),
      ],
      ["2026-01", "2026-02"],
      "UTC",
    );
    expect(report.byCause).toEqual([
      { key: "id-Rescue", label: "Rescue", cents: 500, orders: 1 },
      { key: "id-Shelter", label: "Shelter", cents: 175, orders: 2 },
      { key: "No cause recorded", label: "No cause recorded", cents: 10, orders: 1 },
    ]);
    expect(report.byMonth).toEqual([
      { key: "2026-01", label: "2026-01", cents: 175, orders: 2 },
      { key: "2026-02", label: "2026-02", cents: 510, orders: 2 },
    ]);
    expect(report.totalCents).toBe(685);
    expect(report.orders).toBe(4);
  });
});
