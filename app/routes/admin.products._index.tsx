// /admin/products: the catalogue's products with a thumbnail, where each is published and its
// stock, searched by title, handle or SKU and filtered by brand, species and publication, with
// how many products each publication holds (docs/rules.md "Back office: catalogue").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPager } from "~/components/admin/pager";
import { AdminTableBox } from "~/components/admin/table-box";
import { AdminThumb } from "~/components/admin/thumb";
import { ADMIN_PRODUCTS_PAGE_SIZE, ProductFilterSchema, SITE_CHANNEL_LABELS } from "~/models/admin-catalogue";
import { BRAND_LABELS } from "~/models/brands";
import { SPECIES } from "~/models/species";
import { formatMoney } from "~/models/money";
import { SITE_IDS } from "~/models/site";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { catalogueAdmin } from "~/services/commerce/index.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

export const meta: MetaFunction = () => [{ title: "Catalogue · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "catalogue.view");
  requireCommerceFeature("embeddedCatalogueEditing");
  const url = new URL(request.url);
  const filter = ProductFilterSchema.parse(Object.fromEntries(url.searchParams));
  const [result, counts] = await Promise.all([catalogueAdmin.list(filter), catalogueAdmin.statusCounts()]);
  return json(
    {
      filter,
      ...result,
      counts,
      pages: Math.max(1, Math.ceil(result.total / ADMIN_PRODUCTS_PAGE_SIZE)),
      sites: SITE_IDS.map((site) => ({ site, label: SITE_CHANNEL_LABELS[site] })),
    },
    { headers: ADMIN_NO_STORE },
  );
}

const priceRange = (min: number, max: number) =>
  min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;

export default function AdminProducts() {
  const { filter, rows, total, page, pages, sites, counts } = useLoaderData<typeof loader>();
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value && key !== "page") params.set(key, String(value));
    params.set("page", String(to));
    return `/admin/products?${params}`;
  };
  const select = (id: string, label: string, value: string | undefined, options: [string, string][]) => (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id.replace("products-", "")} defaultValue={value ?? ""}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </p>
  );
  return (
    <>
      <h1>Catalogue</h1>
      <p>
        <Link to="/admin/coverage">Delivery coverage (zip ranges)</Link>
      </p>
      <ul className="admin-actions admin-counts" aria-label="Products by publication">
        <li>
          <Link to="/admin/products">All: {counts.all}</Link>
        </li>
        {sites.map((s) => (
          <li key={s.site}>
            <Link to={`/admin/products?published=${s.site}`}>
              On the {s.label}: {counts[s.site]}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/admin/products?published=none">On no site: {counts.none}</Link>
        </li>
      </ul>
      <Form method="get" className="admin-filters" role="search" aria-label="Products">
        <p className="field">
          <label htmlFor="products-q">Title, handle or SKU</label>
          <input id="products-q" name="q" type="text" defaultValue={filter.q ?? ""} />
        </p>
        {select("products-brand", "Brand", filter.brand, [["", "Any brand"], ...Object.entries(BRAND_LABELS)])}
        {select("products-species", "Species", filter.species, [
          ["", "Any species"],
          ...SPECIES.map((species): [string, string] => [species, species === "dog" ? "Dog" : "Cat"]),
        ])}
        {select("products-published", "Published", filter.published, [
          ["", "Any"],
          ...sites.map((s): [string, string] => [s.site, `On ${s.label}`]),
          ["none", "On no site"],
        ])}
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <p>
        {total} {total === 1 ? "product" : "products"}
      </p>
      <AdminTableBox label="Products">
        <table className="admin-table">
          <caption className="visually-hidden">Products</caption>
          <thead>
            <tr>
              <th scope="col">Picture</th>
              <th scope="col">Title</th>
              <th scope="col">Brand</th>
              <th scope="col">Published on</th>
              <th scope="col">Variants</th>
              <th scope="col">Price</th>
              <th scope="col">Units in stock</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.thumbnail ? <AdminThumb image={row.thumbnail} size={48} /> : "None"}</td>
                <td>
                  <Link to={`/admin/products/${row.id}`}>{row.title}</Link>
                  <br />
                  <small>{row.handle}</small>
                </td>
                <td>{BRAND_LABELS[row.brand] ?? row.brand}</td>
                <td>
                  {sites.map((s) => (
                    <span
                      key={s.site}
                      className={`admin-badge admin-badge--${row.sites.includes(s.site) ? "ok" : "off"}`}
                    >
                      {s.label}: {row.sites.includes(s.site) ? "published" : "not published"}
                    </span>
                  ))}
                </td>
                <td>{row.variantCount}</td>
                <td>{row.variantCount ? priceRange(row.minPriceCents, row.maxPriceCents) : "—"}</td>
                <td>
                  {row.totalUnits === 0 ? (
                    <span className="admin-badge admin-badge--warn">Out of stock</span>
                  ) : (
                    row.totalUnits
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminTableBox>
      <AdminPager page={page} pages={pages} hrefOf={pageLink} />
    </>
  );
}
