// Address Book (shop-core spec sections 2 and 7): the customer's
// addresses, the default first; add, edit (?edit={id}, so it works without
// JavaScript), delete and make default. Addresses follow the checkout's rules
// (US states and DC, 5-digit zip). Another customer's address is a 404.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddressFields, CheckboxField, FormError } from "~/components/form-field";
import { AddressFieldsSchema, refineStateOfZip } from "~/models/checkout-forms";
import { routeTitle } from "~/models/page-titles";
import { CustomerError, customers, type AddressView } from "~/services/customers/index.server";
import {
  flashNotice,
  getSession,
  requireCustomer,
  sessionStorage,
  setMemberLocation,
} from "~/services/http/index.server";
import { staffMemberOf } from "~/services/staff/index.server";
import { pageMeta, siteFromMatches } from "~/utils/meta";
import { replyFor } from "~/utils/form";
import { pageNotFound, readFormData, replyWith } from "~/utils/form.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: routeTitle(siteFromMatches(matches), "/account/address-book"), noindex: true });

const PAGE = "/account/address-book";
const NOT_FOUND = "We could not find that address in your address book.";

const AddressId = z.string({ required_error: "Choose an address." }).trim().min(1).max(100);
const CreateSchema = AddressFieldsSchema.extend({
  intent: z.literal("create"),
  makeDefault: z
    .enum(["on"])
    .optional()
    .transform((v) => v === "on"),
});
const UpdateSchema = AddressFieldsSchema.extend({ intent: z.literal("update"), id: AddressId });

/** Every post of the page: one intent each (docs/architecture.md "Forms and the JSON API"). */
const ActionSchema = z
  .discriminatedUnion("intent", [
    CreateSchema,
    UpdateSchema,
    z.object({ intent: z.literal("delete"), id: AddressId }),
    z.object({ intent: z.literal("default"), id: AddressId }),
  ])
  .superRefine((value, ctx) => {
    // The address book keeps no state that is not its zip's (docs/rules.md "Pricing, discounts and shipping").
    if (value.intent === "create" || value.intent === "update") refineStateOfZip(value, ctx);
  });

type AddressForm = "create" | "update";

export async function loader({ request }: LoaderFunctionArgs) {
  const customerId = await requireCustomer(request);
  const addresses = await customers.listAddresses(customerId);
  const editId = new URL(request.url).searchParams.get("edit");
  const editing = editId ? addresses.find((a) => a.id === editId) : null;
  if (editId && !editing) throw pageNotFound(NOT_FOUND);
  return json({ addresses, editing: editing ?? null });
}

export async function action({ request }: ActionFunctionArgs) {
  const customerId = await requireCustomer(request);
  const submission = parseWithZod(await readFormData(request), { schema: ActionSchema });
  const done = async (message: string) => {
    const session = await getSession(request);
    flashNotice(session, { tone: "success", message });
    // A member's stored location follows their addresses (docs/rules.md "Staff onboarding"); read after the change.
    const member = await staffMemberOf(request);
    if (member?.isRegistered && member.location) setMemberLocation(session, member.location);
    return redirect(PAGE, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
  };

  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    // A delete or default without a usable id names no address of the customer's.
    if (intent === "delete" || intent === "default") throw pageNotFound(NOT_FOUND);
    if (intent === "create" || intent === "update") return replyWith(submission);
    return replyWith(submission, { form: "create", formErrors: ["Reload the page and try again."] });
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "create": {
        const { intent: _, makeDefault, ...address } = input;
        await customers.createAddress(customerId, address, { makeDefault });
        return await done("Address added.");
      }
      case "update": {
        const { intent: _, id, ...address } = input;
        await customers.updateAddress(customerId, id, address);
        return await done("Address updated.");
      }
      case "delete":
        await customers.deleteAddress(customerId, input.id);
        return await done("Address deleted.");
      case "default":
        await customers.setDefaultAddress(customerId, input.id);
        return await done("Default address changed.");
    }
  } catch (error) {
    if (!(error instanceof CustomerError)) throw error;
    if (error.status === 404) throw pageNotFound(NOT_FOUND);
    return replyWith(submission, { error, form: input.intent === "update" ? "update" : "create" });
  }
}

export default function AddressBook() {
  const { addresses, editing } = useLoaderData<typeof loader>();
  return (
    <div className="address-book">
      <h1>Address Book</h1>
      {editing ? (
        <section aria-labelledby="address-edit-title" className="account-card">
          <h2 id="address-edit-title">Edit address</h2>
          <AddressEditor key={editing.id} mode="update" address={editing} />
          <p>
            <Link to={PAGE}>Cancel</Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="address-list-title">
        <h2 id="address-list-title">Your addresses</h2>
        {addresses.length === 0 ? (
          <p>You have no saved addresses yet.</p>
        ) : (
          <ul className="address-book__list">
            {addresses.map((address) => (
              <AddressCard key={address.id} address={address} />
            ))}
          </ul>
        )}
      </section>

      {editing ? null : (
        <section aria-labelledby="address-new-title" className="account-card">
          <h2 id="address-new-title">Add an address</h2>
          <AddressEditor mode="create" />
        </section>
      )}
    </div>
  );
}

function AddressCard({ address }: { address: AddressView }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("id") === address.id;
  const label = `${address.address1}, ${address.city}`;
  return (
    <li className="account-card address-book__item">
      {address.isDefault ? <p className="address-book__default">Default address</p> : null}
      <p>
        {address.firstName} {address.lastName}
        <br />
        {address.company ? (
          <>
            {address.company}
            <br />
          </>
        ) : null}
        {address.address1}
        {address.address2 ? `, ${address.address2}` : ""}
        <br />
        {address.city}, {address.provinceCode} {address.zip}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </p>
      <div className="address-book__actions">
        <Link to={`${PAGE}?edit=${encodeURIComponent(address.id)}`}>
          Edit<span className="visually-hidden"> {label}</span>
        </Link>
        {address.isDefault ? null : (
          <Form method="post" action={PAGE}>
            <input type="hidden" name="intent" value="default" />
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" className="link-button" disabled={pending}>
              Make default<span className="visually-hidden"> {label}</span>
            </button>
          </Form>
        )}
        <Form method="post" action={PAGE}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" className="link-button" disabled={pending}>
            Delete<span className="visually-hidden"> {label}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

function AddressEditor({ mode, address }: { mode: AddressForm; address?: AddressView }) {
  const schema = mode === "create" ? CreateSchema : UpdateSchema;
  const [form, fields] = useForm({
    id: address ? `address-${address.id}` : "address-new",
    lastResult: replyFor(useActionData<typeof action>(), mode),
    constraint: getZodConstraint(schema),
    defaultValue: address
      ? {
          id: address.id,
          firstName: address.firstName,
          lastName: address.lastName,
          company: address.company ?? "",
          address1: address.address1,
          address2: address.address2 ?? "",
          city: address.city,
          provinceCode: address.provinceCode,
          zip: address.zip,
          phone: address.phone ?? "",
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ActionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === mode;
  const action = address ? `${PAGE}?edit=${encodeURIComponent(address.id)}` : PAGE;
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={mode} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      <FormError errors={form.errors} id={form.errorId} />
      <AddressFields fields={fields} />
      {mode === "create" ? <CheckboxField field={fields.makeDefault} label="Make this my default address" /> : null}
      <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
        {busy ? "Saving…" : mode === "create" ? "Add address" : "Save address"}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
