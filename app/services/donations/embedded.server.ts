// Placeholder until the embedded provider lands (replaced by its branch at merge).
import type { PrismaClient } from "~/generated/prisma/client";
import type { DonationProvider } from "./types";

export function createEmbeddedDonations(_db: PrismaClient, _storeId: string): DonationProvider {
  const fail = () => Promise.reject(new Error("not merged yet"));
  return {
    getStore: fail,
    getProductDonation: fail,
    getCartDonation: fail,
    searchCharities: fail,
    charitiesByEins: fail,
    portfolio: fail,
    startTracking: fail,
    setCause: fail,
    getCause: fail,
    addIntegrationInfo: fail,
    setConfirmationData: fail,
    sendEvent: fail,
  };
}
