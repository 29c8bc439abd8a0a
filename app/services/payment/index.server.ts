import { prisma } from "~/db.server";
import { createEmbeddedPayments } from "./embedded.server";
import type { PaymentProvider } from "./types";

export type { ChargeInput, ChargeResult, PaymentProvider } from "./types";

/** The payment provider in use: the embedded one until a real provider's adapter exists. */
export const payments: PaymentProvider = createEmbeddedPayments(prisma);
export * from "./types";
