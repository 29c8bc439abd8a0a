// The customer service (shop-core spec sections 3, 7 and 8): the
// profile, the email change, the address book and metafields. Every function
// is scoped by the customer's id: another customer's address or metafield is
// NOT_FOUND, and nothing is changed.
import type { PrismaClient } from "~/generated/prisma/client";
import type { PostalAddress } from "~/models/address";
import { US_STATES } from "~/models/checkout";
import { isShopOwnedMetafield, SHOP_OWNED_METAFIELD_MESSAGE } from "~/models/customer-metafields";
import { AddressSchema, type AddressInput } from "~/models/checkout-forms";
import { storedSite } from "~/models/site";
import { createIdentity, userStoreFor, type Identity } from "~/services/identity/index.server";
import { serviceErrorWithStatus } from "~/models/service-error";
import { isUniqueViolation } from "~/models/unique-violation";

export type CustomerErrorCode = "NOT_FOUND" | "INVALID" | "EMAIL_TAKEN" | "SHOP_OWNED";

/** The HTTP status a page or API answers a refusal with. */
const STATUS: Record<CustomerErrorCode, number> = { NOT_FOUND: 404, INVALID: 400, EMAIL_TAKEN: 409, SHOP_OWNED: 403 };

/** A refused customer change; nothing was changed. `field` names the input at fault. */
export class CustomerError extends serviceErrorWithStatus<CustomerErrorCode>("CustomerError", STATUS) {}

export interface MetafieldView {
  id: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export interface CustomerProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  acceptsMarketing: boolean;
  defaultAddressId: string | null;
  metafields: MetafieldView[];
}

export interface AddressView {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  provinceCode: string;
  zip: string;
  country: string;
  countryCode: string;
  phone: string | null;
  isDefault: boolean;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone?: string | null;
  acceptsMarketing: boolean;
}

/** A new or replaced metafield, or a new value for one of the customer's metafields by id. */
export type MetafieldInput =
  { namespace: string; key: string; type: string; value: string } | { id: string; value: string };

export interface MetafieldUserError {
  field: ["metafields", number, "value"];
  message: string;
}

/** Metafield types a customer metafield may have. */
export const METAFIELD_TYPES = ["single_line_text_field", "boolean", "number_integer", "json"] as const;
/** Longest metafield value (characters). */
export const MAX_METAFIELD_VALUE = 1000;
/** Most metafields one customer keeps. */
export const MAX_METAFIELDS = 100;
/** Most addresses in one address book. */
export const MAX_ADDRESSES = 50;

const METAFIELD_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

// ---------------------------------------------------------------------------
// Pure rules

/** Why a metafield value is refused for its type, or null when it is fine. */
export function metafieldValueProblem(type: string, value: string): string | null {
  if (!(METAFIELD_TYPES as readonly string[]).includes(type)) {
    return `The type "${type}" is not supported: use ${METAFIELD_TYPES.join(", ")}.`;
  }
  if (value.trim() === "") return "Enter a value.";
  if (value.length > MAX_METAFIELD_VALUE) return `Keep the value under ${MAX_METAFIELD_VALUE} characters.`;
  switch (type) {
    case "single_line_text_field":
      return /[\r\n]/.test(value) ? "The value must be a single line." : null;
    case "boolean":
      return value === "true" || value === "false" ? null : 'The value must be "true" or "false".';
    case "number_integer":
      return /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? null : "The value must be a whole number.";
    default:
      try {
        JSON.parse(value);
        return null;
      } catch {
        return "The value must be valid JSON.";
      }
  }
}

/** The state's name for a code ("CO" → "Colorado"). */
export const stateName = (code: string) => US_STATES.find((s) => s.code === code)?.name ?? code;

/** The stored columns of a validated address. */
export function addressData(input: AddressInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    company: input.company || null,
    address1: input.address1,
    address2: input.address2 || null,
    city: input.city,
    province: stateName(input.provinceCode),
    provinceCode: input.provinceCode,
    zip: input.zip,
    country: "United States",
    countryCode: "US",
    phone: input.phone || null,
  };
}

/** A profile's names, trimmed; INVALID names the empty one. */
export function checkedNames(input: { firstName: string; lastName: string }) {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName) throw new CustomerError("INVALID", "Enter your first name.", "firstName");
  if (!lastName) throw new CustomerError("INVALID", "Enter your last name.", "lastName");
  return { firstName, lastName };
}

/** A new email address, trimmed and lower-cased; INVALID when it is not one. */
export function checkedNewEmail(newEmail: string): string {
  const email = newEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    throw new CustomerError("INVALID", "Enter an email address like name@example.com.", "email");
  }
  return email;
}

/** Validates an address with the checkout's rules (US states and DC, 5-digit zip); INVALID names the field. */
export function validAddress(input: unknown): AddressInput {
  const parsed = AddressSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CustomerError("INVALID", issue.message, issue.path.join(".") || undefined);
}

type AddressRow = Omit<AddressView, "isDefault"> & { customerId: string };

const toAddressView = (row: AddressRow, defaultId: string | null): AddressView => {
  const { customerId: _customerId, ...rest } = row;
  return { ...rest, isDefault: row.id === defaultId };
};

const metafieldSelect = { id: true, namespace: true, key: true, type: true, value: true } as const;

// ---------------------------------------------------------------------------
// The service

export function createCustomers(db: PrismaClient, identity: Pick<Identity, "checkPassword"> = createIdentity(db)) {
  const notFound = () => new CustomerError("NOT_FOUND", "We could not find that customer.");
  const addressNotFound = () => new CustomerError("NOT_FOUND", "We could not find that address in your address book.");

  async function customerRow(customerId: string) {
    const row = await db.customer.findUnique({ where: { id: customerId } });
    if (!row) throw notFound();
    return row;
  }

  /** The customer's own address, or NOT_FOUND (also for another customer's). */
  async function ownAddress(customerId: string, id: string) {
    const row = await db.customerAddress.findFirst({ where: { id, customerId } });
    if (!row) throw addressNotFound();
    return row;
  }

  async function listMetafields(customerId: string): Promise<MetafieldView[]> {
    return db.customerMetafield.findMany({
      where: { customerId },
      select: metafieldSelect,
      orderBy: [{ namespace: "asc" }, { key: "asc" }],
    });
  }

  async function getProfile(customerId: string): Promise<CustomerProfile> {
    const row = await customerRow(customerId);
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      acceptsMarketing: row.acceptsMarketing,
      defaultAddressId: row.defaultAddressId,
      metafields: await listMetafields(customerId),
    };
  }

  /** Writes metafields, refusing each bad input as a userError; the shop's own only when `shopOwned`. */
  async function writeMetafields(
    customerId: string,
    inputs: MetafieldInput[],
    options: { shopOwned: boolean },
  ): Promise<{ metafields: MetafieldView[]; userErrors: MetafieldUserError[] }> {
    await customerRow(customerId);
    const userErrors: MetafieldUserError[] = [];
    const refuse = (index: number, message: string) =>
      userErrors.push({ field: ["metafields", index, "value"], message });
    const mayWrite = (field: { namespace: string; key: string }) => options.shopOwned || !isShopOwnedMetafield(field);
    let count = await db.customerMetafield.count({ where: { customerId } });

    for (const [index, input] of inputs.entries()) {
      const value = input.value;
      if ("id" in input) {
        const existing = await db.customerMetafield.findFirst({ where: { id: input.id, customerId } });
        if (!existing) {
          refuse(index, "We could not find that metafield.");
          continue;
        }
        const problem = mayWrite(existing) ? metafieldValueProblem(existing.type, value) : SHOP_OWNED_METAFIELD_MESSAGE;
        if (problem) refuse(index, problem);
        else await db.customerMetafield.update({ where: { id: existing.id }, data: { value } });
        continue;
      }
      const { namespace, key, type } = input;
      const problem =
        !METAFIELD_NAME.test(namespace) || !METAFIELD_NAME.test(key)
          ? "The namespace and key must be 1 to 64 letters, digits, dots, dashes or underscores."
          : !mayWrite(input)
            ? SHOP_OWNED_METAFIELD_MESSAGE
            : metafieldValueProblem(type, value);
      if (problem) {
        refuse(index, problem);
        continue;
      }
      const where = { customerId_namespace_key: { customerId, namespace, key } };
      const existing = await db.customerMetafield.findUnique({ where, select: { id: true } });
      if (!existing && count >= MAX_METAFIELDS) {
        refuse(index, `A customer keeps up to ${MAX_METAFIELDS} metafields.`);
        continue;
      }
      await db.customerMetafield.upsert({
        where,
        create: { customerId, namespace, key, type, value },
        update: { type, value },
      });
      if (!existing) count++;
    }
    return { metafields: await listMetafields(customerId), userErrors };
  }

  return {
    getProfile,

    /** The names and email the account pages greet with, without the profile's metafields. */
    async getNames(customerId: string): Promise<Pick<CustomerProfile, "id" | "email" | "firstName" | "lastName">> {
      const row = await db.customer.findUnique({
        where: { id: customerId },
        select: { id: true, firstName: true, lastName: true, email: true },
      });
      if (!row) throw notFound();
      return row;
    },

    /** Names, phone and the marketing opt-in; the identity user's names follow. */
    async updateProfile(customerId: string, input: ProfileInput): Promise<CustomerProfile> {
      const { firstName, lastName } = checkedNames(input);
      await customerRow(customerId);
      await db.$transaction([
        db.customer.update({
          where: { id: customerId },
          data: { firstName, lastName, phone: input.phone?.trim() || null, acceptsMarketing: input.acceptsMarketing },
        }),
        db.identityUser.updateMany({ where: { customerId }, data: { firstName, lastName } }),
      ]);
      return getProfile(customerId);
    },

    /**
     * A new email for the customer and their sign-in (the same user store),
     * after the password checks out. Refused when another account of that
     * store or site already uses the email.
     */
    async changeEmail(customerId: string, newEmail: string, password: string): Promise<CustomerProfile> {
      const email = checkedNewEmail(newEmail);
      const customer = await customerRow(customerId);
      if (!(await identity.checkPassword(customerId, password))) {
        throw new CustomerError("INVALID", "That password is not right.", "currentPassword");
      }
      if (email === customer.email) return getProfile(customerId);
      const store = userStoreFor(storedSite(customer.site));
      const taken = () => new CustomerError("EMAIL_TAKEN", "Another account already uses that email address.", "email");
      try {
        await db.$transaction(async (tx) => {
          const [user, other] = await Promise.all([
            tx.identityUser.findUnique({ where: { store_email: { store, email } } }),
            tx.customer.findUnique({ where: { site_email: { site: customer.site, email } } }),
          ]);
          if ((user && user.customerId !== customerId) || (other && other.id !== customerId)) throw taken();
          await tx.customer.update({ where: { id: customerId }, data: { email } });
          await tx.identityUser.updateMany({ where: { customerId }, data: { email } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return getProfile(customerId);
    },

    /** The address book, the default address first. */
    async listAddresses(customerId: string): Promise<AddressView[]> {
      const customer = await customerRow(customerId);
      const rows = await db.customerAddress.findMany({ where: { customerId }, orderBy: { id: "asc" } });
      return rows
        .map((row) => toAddressView(row, customer.defaultAddressId))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },

    async getAddress(customerId: string, id: string): Promise<AddressView> {
      const customer = await customerRow(customerId);
      return toAddressView(await ownAddress(customerId, id), customer.defaultAddressId);
    },

    /** An address of the customer's own book as a postal address (an autoship's delivery), or null when it is not theirs. */
    async findAddress(customerId: string, id: string): Promise<PostalAddress | null> {
      const row = await db.customerAddress.findFirst({ where: { id, customerId } });
      if (!row) return null;
      return {
        firstName: row.firstName,
        lastName: row.lastName,
        company: row.company,
        address1: row.address1,
        address2: row.address2,
        city: row.city,
        provinceCode: row.provinceCode,
        zip: row.zip,
        countryCode: row.countryCode,
        phone: row.phone,
      };
    },

    /** Adds an address; the first one (or one asked to be) becomes the default. */
    async createAddress(
      customerId: string,
      input: AddressInput,
      options: { makeDefault?: boolean } = {},
    ): Promise<AddressView> {
      const data = addressData(validAddress(input));
      return db.$transaction(async (tx) => {
        const customer = await tx.customer.findUnique({ where: { id: customerId } });
        if (!customer) throw notFound();
        if ((await tx.customerAddress.count({ where: { customerId } })) >= MAX_ADDRESSES) {
          throw new CustomerError("INVALID", `An address book holds up to ${MAX_ADDRESSES} addresses.`);
        }
        const row = await tx.customerAddress.create({ data: { ...data, customerId } });
        const makeDefault = options.makeDefault || !customer.defaultAddressId;
        if (makeDefault) await tx.customer.update({ where: { id: customerId }, data: { defaultAddressId: row.id } });
        return toAddressView(row, makeDefault ? row.id : customer.defaultAddressId);
      });
    },

    async updateAddress(customerId: string, id: string, input: AddressInput): Promise<AddressView> {
      const data = addressData(validAddress(input));
      const customer = await customerRow(customerId);
      await ownAddress(customerId, id);
      const row = await db.customerAddress.update({ where: { id }, data });
      return toAddressView(row, customer.defaultAddressId);
    },

    /** Removes an address; when it was the default, the oldest remaining one becomes the default (or none). */
    async deleteAddress(
      customerId: string,
      id: string,
    ): Promise<{ deletedId: string; defaultAddressId: string | null }> {
      return db.$transaction(async (tx) => {
        const customer = await tx.customer.findUnique({ where: { id: customerId } });
        if (!customer) throw notFound();
        const deleted = await tx.customerAddress.deleteMany({ where: { id, customerId } });
        if (deleted.count === 0) throw addressNotFound();
        let defaultAddressId = customer.defaultAddressId === id ? null : customer.defaultAddressId;
        if (customer.defaultAddressId === id) {
          const next = await tx.customerAddress.findFirst({ where: { customerId }, orderBy: { id: "asc" } });
          defaultAddressId = next?.id ?? null;
          await tx.customer.update({ where: { id: customerId }, data: { defaultAddressId } });
        }
        return { deletedId: id, defaultAddressId };
      });
    },

    async setDefaultAddress(customerId: string, id: string): Promise<AddressView> {
      await customerRow(customerId);
      const row = await ownAddress(customerId, id);
      await db.customer.update({ where: { id: customerId }, data: { defaultAddressId: id } });
      return toAddressView(row, id);
    },

    /**
     * Writes metafields for a client (update-customer; shop-core spec sections 7-8): each
     * refused input is a userError and is not written; the valid ones are upserted. The
     * shop's own metafields (docs/rules.md "Shop-owned metafields") are refused, by name
     * or by id. Answers the customer's metafields afterwards.
     */
    async updateMetafields(customerId: string, inputs: MetafieldInput[]) {
      return writeMetafields(customerId, inputs, { shopOwned: false });
    },

    /**
     * Writes the shop's own metafields (the staff-feeding onboarding values and the member's
     * preferred address): the one way they change. Never reached by a client's input.
     */
    async writeShopMetafields(customerId: string, inputs: MetafieldInput[]) {
      return writeMetafields(customerId, inputs, { shopOwned: true });
    },

    /** Deletes one of the customer's metafields; NOT_FOUND when it is not theirs. */
    async deleteMetafield(customerId: string, id: string): Promise<{ deletedId: string }> {
      const existing = await db.customerMetafield.findFirst({
        where: { id, customerId },
        select: { namespace: true, key: true },
      });
      if (!existing) throw new CustomerError("NOT_FOUND", "We could not find that metafield.");
      // The shop's own (docs/rules.md "Shop-owned metafields"): the saved cart goes with its cart.
      if (isShopOwnedMetafield(existing)) throw new CustomerError("SHOP_OWNED", SHOP_OWNED_METAFIELD_MESSAGE);
      await db.customerMetafield.deleteMany({ where: { id, customerId } });
      return { deletedId: id };
    },

    /** Whether `email` is the customer's own (the shop's record of it, in any case). */
    async ownsEmail(customerId: string, email: string): Promise<boolean> {
      const row = await db.customer.findUnique({ where: { id: customerId }, select: { email: true } });
      return row !== null && row.email.toLowerCase() === email.trim().toLowerCase();
    },
  };
}

export type Customers = ReturnType<typeof createCustomers>;
