import { prisma } from "~/db.server";
import { identity } from "~/services/identity/index.server";
import { createCustomers } from "./customers.server";

export {
  CustomerError,
  type AddressView,
  type CustomerErrorCode,
  type CustomerProfile,
  type MetafieldInput,
  type MetafieldUserError,
  type MetafieldView,
} from "./customers.server";

/** The shop's customers (profile, address book, metafields), on the embedded providers. */
export const customers = createCustomers(prisma, identity);
export * from "./customers.server";
