import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { BUSY_TIMEOUT_MS } from "~/sqlite-adapter.server";

describe("SQLite connection settings (issue 2 'Stack')", () => {
  it("runs in WAL mode with foreign keys on and a busy timeout", async () => {
    const [journal] = await prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    const [keys] = await prisma.$queryRawUnsafe<{ foreign_keys: bigint | number }[]>("PRAGMA foreign_keys");
    const [busy] = await prisma.$queryRawUnsafe<{ timeout: bigint | number }[]>("PRAGMA busy_timeout");
    expect(journal.journal_mode).toBe("wal");
    expect(Number(keys.foreign_keys)).toBe(1);
    expect(Number(busy.timeout)).toBe(BUSY_TIMEOUT_MS);
  });

  it("enforces foreign keys", async () => {
    await expect(
      prisma.cartLine.create({ data: { cartId: "no-such-cart", variantId: "no-such-variant", quantity: 1 } }),
    ).rejects.toThrow();
  });
});
