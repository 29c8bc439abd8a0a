// /admin/coverage: the zip ranges each stock destination covers (docs/rules.md "Back office:
// catalogue"). catalogue.view reads them; the page's actions are `COVERAGE_INTENTS`
// (app/models/admin-catalogue.ts), run by `adminIntents`: adding a range, and removing one, which
// asks first. Home delivery is offered only inside the HOME ranges.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { AdminTableBox } from "~/components/admin/table-box";
import { FormError, SelectField, TextField } from "~/components/form-field";
import {
  COVERAGE_DESTINATION_LABELS,
  COVERAGE_DESTINATIONS,
  COVERAGE_INTENTS,
  removeRangeQuestion,
} from "~/models/admin-catalogue";
import { allowedIntents } from "~/models/admin-intents";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { features } from "~/services/commerce/index.server";
import { coverageAdmin } from "~/services/stock/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { replyFor } from "~/utils/form";
import { pageNotFound } from "~/utils/form.server";

export const meta: MetaFunction = () => [
  { title: "Delivery coverage · Back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "catalogue.view");
  return json(
    {
      ranges: await coverageAdmin.list(),
      allowed: allowedIntents(admin.role, COVERAGE_INTENTS),
      // On Shopify the catalogue screens are closed (docs/rules.md "Turned off on Shopify").
      catalogue: features.embeddedCatalogueEditing,
    },
    { headers: ADMIN_NO_STORE },
  );
}

const PAGE = "/admin/coverage";
const missing = () => pageNotFound("No zip range has this id.");

export async function action({ request }: ActionFunctionArgs) {
  return adminIntents(request, {
    permission: "catalogue.view",
    intents: COVERAGE_INTENTS,
    questions: {
      remove: async ({ id }) => {
        const range = (await coverageAdmin.list()).find((row) => row.id === id);
        if (!range) throw missing();
        return removeRangeQuestion({ ...range, destination: range.destination === "CLINIC" ? "CLINIC" : "HOME" });
      },
    },
    handlers: {
      add: async ({ intent: _intent, ...range }, { admin }) => {
        const result = await coverageAdmin.add(admin, range);
        return backWithNotice(request, PAGE, {
          tone: result === "added" ? "success" : "info",
          message: result === "added" ? "Range added." : "That range is already there.",
        });
      },
      remove: async ({ id }, { admin }) => {
        if (!(await coverageAdmin.remove(admin, id))) throw missing();
        return backWithNotice(request, PAGE, { tone: "success", message: "Range removed." });
      },
    },
  });
}

const destinationOptions = COVERAGE_DESTINATIONS.map((value) => ({
  value,
  label: COVERAGE_DESTINATION_LABELS[value],
}));

export default function AdminCoverage() {
  const { ranges, allowed, catalogue } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const schema = COVERAGE_INTENTS.add.schema;
  const [form, fields] = useForm({
    id: "add-range",
    lastResult: replyFor(data, "add"),
    constraint: getZodConstraint(schema),
    defaultValue: { destination: "HOME" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const removal = replyFor(data, "remove");
  const unknown = replyFor(data, "");
  const removalErrors = removal && !removal.confirm ? Object.values(removal.error ?? {}).flatMap((e) => e ?? []) : [];
  return (
    <>
      {catalogue ? (
        <p>
          <Link to="/admin/products">Back to the catalogue</Link>
        </p>
      ) : null}
      <h1>Delivery coverage</h1>
      <p>Home delivery is offered only to zips inside a home range. Clinic deliveries do not depend on a zip.</p>
      <FormError errors={[...(unknown?.error?.[""] ?? []), ...removalErrors]} />
      <ConfirmPanel reply={removal} />
      {COVERAGE_DESTINATIONS.map((destination) => {
        const rows = ranges.filter((range) => range.destination === destination);
        const label = COVERAGE_DESTINATION_LABELS[destination];
        return (
          <section key={destination} aria-labelledby={`coverage-${destination}`}>
            <h2 id={`coverage-${destination}`}>
              {label} <span className="admin-badge admin-badge--ok">{rows.length}</span>
            </h2>
            {rows.length === 0 ? (
              <p>No zip ranges.</p>
            ) : (
              <AdminTableBox label={`${label} zip ranges`}>
                <table className="admin-table">
                  <caption className="visually-hidden">{label} zip ranges</caption>
                  <thead>
                    <tr>
                      <th scope="col">First zip</th>
                      <th scope="col">Last zip</th>
                      {allowed.remove ? <th scope="col">Remove</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.id}>
                        <td>{row.startZip}</td>
                        <td>{row.endZip}</td>
                        {allowed.remove ? (
                          <td>
                            <Form method="post">
                              <input type="hidden" name="id" value={row.id} />
                              <button type="submit" name="intent" value="remove" className="button button--danger">
                                Remove {row.startZip}–{row.endZip}
                              </button>
                            </Form>
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </AdminTableBox>
            )}
          </section>
        );
      })}
      {allowed.add ? (
        <>
          <h2>Add a range</h2>
          <Form method="post" className="admin-filters" aria-label="Add a zip range" {...getFormProps(form)}>
            <FormError errors={form.errors} id={form.errorId} />
            <SelectField field={fields.destination} label="Destination" options={destinationOptions} />
            <TextField field={fields.startZip} label="First zip" inputMode="numeric" />
            <TextField field={fields.endZip} label="Last zip" inputMode="numeric" />
            <button type="submit" name="intent" value="add" className="button">
              Add range
            </button>
          </Form>
        </>
      ) : null}
    </>
  );
}
