import { prisma } from "~/db.server";
import { identity } from "~/services/identity/index.server";
import { createCustomers } from "./customers.server";
import { createCustomerDirectory } from "./directory.server";

export {
  CustomerError,
  type AddressView,
  type CustomerErrorCode,
  type CustomerProfile,
  type MetafieldInput,
  type MetafieldUserError,
  type MetafieldView,
} from "./customers.server";
export {
  createCustomerDirectory,
  STAFF_PROGRAM_SITES,
  type CustomerDetail,
  type CustomerListRow,
} from "./directory.server";

/** The shop's customers (profile, address book, metafields), on the embedded providers. */
export const customers = createCustomers(prisma, identity);

/** The back office's search and view of customers (read only). */
export const customerDirectory = createCustomerDirectory(prisma);
export * from "./customers.server";
