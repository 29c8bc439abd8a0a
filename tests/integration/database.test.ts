import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { isPlainRead } from "~/sqlite-adapter.server";

describe("SQLite connection settings", () => {
  it("runs in WAL mode with foreign keys on; SQLite itself never sleeps on a busy lock (the adapter waits)", async () => {
    const [journal] = await prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    const [keys] = await prisma.$queryRawUnsafe<{ foreign_keys: bigint | number }[]>("PRAGMA foreign_keys");
    const [busy] = await prisma.$queryRawUnsafe<{ timeout: bigint | number }[]>("PRAGMA busy_timeout");
    expect(journal.journal_mode).toBe("wal");
    expect(Number(keys.foreign_keys)).toBe(1);
    expect(Number(busy.timeout)).toBe(0);
  });

  it("enforces foreign keys", async () => {
    await expect(
      prisma.cartLine.create({ data: { cartId: "no-such-cart", variantId: "no-such-variant", quantity: 1 } }),
    ).rejects.toThrow();
  });

  it("sends only plain SELECTs to the read-only reader", async () => {
    expect(isPlainRead("SELECT 1")).toBe(true);
    expect(isPlainRead("  select `id` FROM `Product`")).toBe(true);
    expect(isPlainRead("INSERT INTO `Cart` (`id`) VALUES (?) RETURNING `id`")).toBe(false);
    expect(isPlainRead("UPDATE `Cart` SET `note` = ? RETURNING `id`")).toBe(false);
    expect(isPlainRead("WITH x AS (SELECT 1) DELETE FROM `Cart`")).toBe(false);
    expect(isPlainRead("PRAGMA journal_mode")).toBe(false);
    // A write that reached the reader would fail loudly: it is opened read-only.
    const rows = await prisma.$queryRawUnsafe<{ n: bigint | number }[]>("SELECT 1 AS n");
    expect(Number(rows[0].n)).toBe(1);
  });
});
