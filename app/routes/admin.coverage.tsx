// /admin/coverage: the zip ranges each stock destination covers (docs/rules.md "Back office:
// catalogue"). catalogue.view reads them; catalogue.edit adds (intent "add") or removes (intent
// "remove") a range. Home delivery is offered only inside the HOME ranges.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/models/admin-roles";
import { COVERAGE_DESTINATION_LABELS, COVERAGE_DESTINATIONS, CoverageRangeSchema } from "~/models/admin-catalogue";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { coverageAdmin } from "~/services/stock/index.server";
import { pageNotFound, readFormData } from "~/utils/form.server";
import { features } from "~/services/commerce/index.server";

export const meta: MetaFunction = () => [
  { title: "Delivery coverage · Back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "catalogue.view");
  return json(
    {
      ranges: await coverageAdmin.list(),
      canEdit: can(admin.role, "catalogue.edit"),
      // On Shopify the catalogue screens are closed (docs/rules.md "Turned off on Shopify").
      catalogue: features.embeddedCatalogueEditing,
    },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "catalogue.edit");
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "add") {
    const parsed = CoverageRangeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
      return json(
        { errors, values: Object.fromEntries([...form].map(([key, value]) => [key, String(value)])) },
        { status: 400, headers: ADMIN_NO_STORE },
      );
    }
    const result = await coverageAdmin.add(admin, parsed.data);
    return backWithNotice(request, "/admin/coverage", {
      tone: result === "added" ? "success" : "info",
      message: result === "added" ? "Range added." : "That range is already there.",
    });
  }
  if (intent === "remove") {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw pageNotFound("No zip range has this id.");
    if (!(await coverageAdmin.remove(admin, id))) throw pageNotFound("No zip range has this id.");
    return backWithNotice(request, "/admin/coverage", { tone: "success", message: "Range removed." });
  }
  return json({ message: "Choose what to do." }, { status: 400, headers: ADMIN_NO_STORE });
}

export default function AdminCoverage() {
  const { ranges, canEdit, catalogue } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors: Record<string, string> = reply && "errors" in reply ? reply.errors : {};
  const values: Record<string, string> = reply && "values" in reply ? reply.values : {};
  const invalid = (field: string) =>
    errors[field] ? { "aria-invalid": true as const, "aria-describedby": `coverage-${field}-error` } : {};
  const error = (field: string) =>
    errors[field] ? (
      <span className="field__error" id={`coverage-${field}-error`}>
        {errors[field]}
      </span>
    ) : null;
  return (
    <>
      {catalogue ? (
        <p>
          <Link to="/admin/products">Back to the catalogue</Link>
        </p>
      ) : null}
      <h1>Delivery coverage</h1>
      <p>Home delivery is offered only to zips inside a home range. Clinic deliveries do not depend on a zip.</p>
      {reply && "message" in reply ? (
        <p className="notice notice--error" role="alert">
          {reply.message}
        </p>
      ) : null}
      {COVERAGE_DESTINATIONS.map((destination) => {
        const rows = ranges.filter((range) => range.destination === destination);
        return (
          <section key={destination} aria-labelledby={`coverage-${destination}`}>
            <h2 id={`coverage-${destination}`}>{COVERAGE_DESTINATION_LABELS[destination]}</h2>
            {rows.length === 0 ? (
              <p>No zip ranges.</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">{COVERAGE_DESTINATION_LABELS[destination]} zip ranges</caption>
                  <thead>
                    <tr>
                      <th scope="col">First zip</th>
                      <th scope="col">Last zip</th>
                      {canEdit ? <th scope="col">Remove</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.id}>
                        <td>{row.startZip}</td>
                        <td>{row.endZip}</td>
                        {canEdit ? (
                          <td>
                            <Form method="post">
                              <input type="hidden" name="intent" value="remove" />
                              <input type="hidden" name="id" value={row.id} />
                              <button type="submit" className="button">
                                Remove {row.startZip}–{row.endZip}
                              </button>
                            </Form>
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
      {canEdit ? (
        <>
          <h2>Add a range</h2>
          <Form method="post" className="admin-filters" aria-label="Add a zip range">
            <input type="hidden" name="intent" value="add" />
            <p className="field">
              <label htmlFor="coverage-destination">Destination</label>
              <select
                id="coverage-destination"
                name="destination"
                defaultValue={values.destination ?? "HOME"}
                {...invalid("destination")}
              >
                {COVERAGE_DESTINATIONS.map((destination) => (
                  <option key={destination} value={destination}>
                    {COVERAGE_DESTINATION_LABELS[destination]}
                  </option>
                ))}
              </select>
              {error("destination")}
            </p>
            <p className="field">
              <label htmlFor="coverage-startZip">First zip</label>
              <input
                id="coverage-startZip"
                name="startZip"
                type="text"
                inputMode="numeric"
                required
                defaultValue={values.startZip ?? ""}
                {...invalid("startZip")}
              />
              {error("startZip")}
            </p>
            <p className="field">
              <label htmlFor="coverage-endZip">Last zip</label>
              <input
                id="coverage-endZip"
                name="endZip"
                type="text"
                inputMode="numeric"
                required
                defaultValue={values.endZip ?? ""}
                {...invalid("endZip")}
              />
              {error("endZip")}
            </p>
            <button type="submit" className="button">
              Add range
            </button>
          </Form>
        </>
      ) : null}
    </>
  );
}
