// /admin/products: the catalogue's products, searched by title, handle or SKU and filtered by
// brand, species and publication (docs/rules.md "Back office: catalogue").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPager } from "~/components/admin/pager";
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
  const result = await catalogueAdmin.list(filter);
  return json(
    {
      filter,
      ...result,
      pages: Math.max(1, Math.ceil(result.total / ADMIN_PRODUCTS_PAGE_SIZE)),
      sites: SITE_IDS.map((site) => ({ site, label: SITE_CHANNEL_LABELS[site] })),
    },
    { headers: ADMIN_NO_STORE },
  );
}

const priceRange = (min: number, max: number) =>
  min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;

export default function AdminProducts() {
  const { filter, rows, total, page, pages, sites } = useLoaderData<typeof loader>();
  const siteLabel = new Map(sites.map((s) => [s.site, s.label]));
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value && key !== "page") params.set(key, String(value));
    params.set("page", String(to));
    return `/admin/products?${params}`;
  };
  return (
    <>
      <h1>Catalogue</h1>
      <p>
        <Link to="/admin/coverage">Delivery coverage (zip ranges)</Link>
      </p>
      <Form method="get" className="admin-filters" role="search" aria-label="Products">
        <p className="field">
          <label htmlFor="products-q">Title, handle or SKU</label>
          <input id="products-q" name="q" type="text" defaultValue={filter.q ?? ""} />
        </p>
        <p className="field">
          <label htmlFor="products-brand">Brand</label>
          <select id="products-brand" name="brand" defaultValue={filter.brand ?? ""}>
            <option value="">Any brand</option>
            {Object.entries(BRAND_LABELS).map(([slug, label]) => (
              <option key={slug} value={slug}>
                {label}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="products-species">Species</label>
          <select id="products-species" name="species" defaultValue={filter.species ?? ""}>
            <option value="">Any species</option>
            {SPECIES.map((species) => (
              <option key={species} value={species}>
                {species === "dog" ? "Dog" : "Cat"}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="products-published">Published</label>
          <select id="products-published" name="published" defaultValue={filter.published ?? ""}>
            <option value="">Any</option>
            {sites.map((s) => (
              <option key={s.site} value={s.site}>
                On {s.label}
              </option>
            ))}
            <option value="none">On no site</option>
          </select>
        </p>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <p>
        {total} {total === 1 ? "product" : "products"}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Products</caption>
          <thead>
            <tr>
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
                <td>
                  <Link to={`/admin/products/${row.id}`}>{row.title}</Link>
                  <br />
                  <small>{row.handle}</small>
                </td>
                <td>{BRAND_LABELS[row.brand] ?? row.brand}</td>
                <td>{row.sites.length ? row.sites.map((site) => siteLabel.get(site)).join(", ") : "Not published"}</td>
                <td>{row.variantCount}</td>
                <td>{row.variantCount ? priceRange(row.minPriceCents, row.maxPriceCents) : "—"}</td>
                <td>{row.totalUnits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AdminPager page={page} pages={pages} hrefOf={pageLink} />
    </>
  );
}
