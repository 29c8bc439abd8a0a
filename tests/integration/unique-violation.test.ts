// A unique violation (docs/rules.md "Database"): what Prisma 6 with the driver adapters really
// throws when a unique index refuses a write, on SQLite and on PostgreSQL, and that
// `isUniqueViolation` knows every form of it and nothing else. Runs on both databases.
import { afterAll, describe, expect, it } from "vitest";
import { databaseProvider, prisma } from "~/db.server";
import { isUniqueViolation } from "~/models/unique-violation";

const ids: string[] = [];
const leases: string[] = [];

afterAll(async () => {
  await prisma.shopifyWebhook.deleteMany({ where: { webhookId: { in: ids } } });
  await prisma.jobLease.deleteMany({ where: { name: { in: leases } } });
});

/** A webhook row already there, and the data of a second one with the same unique id. */
async function taken() {
  const webhookId = `unique-${crypto.randomUUID()}`;
  ids.push(webhookId);
  await prisma.shopifyWebhook.create({ data: { webhookId, topic: "products/update" } });
  return { webhookId, topic: "products/update" };
}

/** What a database call threw (it must throw). */
async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the write to be refused");
}

describe(`a unique violation on ${databaseProvider}`, () => {
  it("is known from a create, in and out of a transaction, a batch and createMany", async () => {
    const data = await taken();
    const errors = [
      await thrown(() => prisma.shopifyWebhook.create({ data })),
      await thrown(() => prisma.$transaction(async (tx) => tx.shopifyWebhook.create({ data }))),
      await thrown(() => prisma.$transaction([prisma.shopifyWebhook.create({ data })])),
      await thrown(() => prisma.shopifyWebhook.createMany({ data: [data] })),
    ];
    for (const error of errors) {
      expect(error).toMatchObject({ name: "PrismaClientKnownRequestError", code: "P2002" });
      expect(isUniqueViolation(error)).toBe(true);
    }
  });

  it("is known from an update onto a taken key and from a raw insert (P2010, not P2002)", async () => {
    const data = await taken();
    const other = await taken();
    const update = await thrown(() =>
      prisma.shopifyWebhook.update({ where: { webhookId: other.webhookId }, data: { webhookId: data.webhookId } }),
    );
    expect(update).toMatchObject({ code: "P2002" });
    expect(isUniqueViolation(update)).toBe(true);
    const raw = await thrown(
      () =>
        prisma.$executeRaw`INSERT INTO "ShopifyWebhook" ("id", "webhookId", "topic", "receivedAt") VALUES (${crypto.randomUUID()}, ${data.webhookId}, 't', CURRENT_TIMESTAMP)`,
    );
    expect(raw).toMatchObject({ code: "P2010" });
    expect(isUniqueViolation(raw)).toBe(true);
  });

  it("is known from a primary key taken, with the database's own code beneath", async () => {
    const name = `unique-${crypto.randomUUID()}`;
    leases.push(name);
    const data = { name, holder: "a", leaseUntil: new Date() };
    await prisma.jobLease.create({ data });
    const error = await thrown(() => prisma.jobLease.create({ data: { ...data, holder: "b" } }));
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({
      meta: {
        driverAdapterError: {
          cause: {
            kind: "UniqueConstraintViolation",
            originalCode: databaseProvider === "postgresql" ? "23505" : "SQLITE_CONSTRAINT_PRIMARYKEY",
          },
        },
      },
    });
  });

  it("is false for the other refusals of a write: a missing row, a foreign key, a null", async () => {
    const missing = await thrown(() =>
      prisma.shopifyWebhook.update({ where: { webhookId: `none-${crypto.randomUUID()}` }, data: { topic: "x" } }),
    );
    const foreignKey = await thrown(() =>
      prisma.autoshipEvent.create({
        data: { subscriptionId: "no-such-subscription", dueDate: "2026-01-01", kind: "x" },
      }),
    );
    const notNull = await thrown(
      () => prisma.$executeRaw`INSERT INTO "ShopifyWebhook" ("id", "webhookId") VALUES (${crypto.randomUUID()}, NULL)`,
    );
    expect([missing, foreignKey, notNull]).toMatchObject([{ code: "P2025" }, { code: "P2003" }, { code: "P2010" }]);
    for (const error of [missing, foreignKey, notNull]) expect(isUniqueViolation(error)).toBe(false);
  });
});
