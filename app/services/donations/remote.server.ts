// Placeholder until the remote adapter lands (replaced by its branch at merge).
import type { DonationProvider } from "./types";

export function createRemoteDonations(_options: { storeId: string; baseUrl: string }): DonationProvider {
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
