// /admin/products/:id: one product, its pictures and variants (docs/rules.md "Back office:
// catalogue"). catalogue.view reads it; the page's actions are `PRODUCT_INTENTS`
// (app/models/admin-catalogue.ts), run by `adminIntents`: the product's one save (fields, search
// title and description, pictures from the library or an upload, each variant's picture, label
// facts), a variant's price, units and badges, publishing, and the two that ask first:
// unpublishing and removing a picture. Every process serves a change within one freshness poll.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { ProductEditor } from "~/components/admin/product-editor";
import { ProductPublication } from "~/components/admin/product-publication";
import { ProductVariants } from "~/components/admin/product-variants";
import { FormError } from "~/components/form-field";
import { allowedIntents } from "~/models/admin-intents";
import {
  destinationAvailability,
  PRODUCT_INTENTS,
  removeImageQuestion,
  SITE_CHANNEL_LABELS,
  unpublishQuestion,
} from "~/models/admin-catalogue";
import { BRAND_LABELS } from "~/models/brands";
import { formatMoney } from "~/models/money";
import { nutritionFormValues } from "~/models/nutrition";
import { sitePolicy } from "~/models/site-policy";
import { SITE_IDS } from "~/models/site";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { catalogueAdmin, CatalogueEditError } from "~/services/commerce/index.server";
import { contentEditor, readFormWithImage } from "~/services/content/index.server";
import { stock } from "~/services/stock/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";
import { replyFor } from "~/utils/form";
import { pageNotFound } from "~/utils/form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.title ?? "Product"} · Back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "catalogue.view");
  requireCommerceFeature("embeddedCatalogueEditing");
  const product = await catalogueAdmin.get(params.id ?? "");
  if (!product) throw pageNotFound("No product has this id.");
  const allowed = allowedIntents(admin.role, PRODUCT_INTENTS);
  const [home] = await stock.getCoverage("HOME");
  const homeRanges = home?.all_zips.length ?? 0;
  // The library's pictures, to choose from: only for a role that may save the product.
  const library = allowed.product
    ? (await contentEditor.listAssets()).map(({ id, alt, width, height }) => ({ id, alt, width, height }))
    : [];
  return json(
    {
      product,
      allowed,
      library,
      nutrition: nutritionFormValues(product.nutrition),
      homeRanges,
      availability: Object.fromEntries(
        product.variants.map((v) => [v.id, destinationAvailability(v.inventory, homeRanges)]),
      ),
      channels: SITE_IDS.map((site) => ({
        site,
        label: SITE_CHANNEL_LABELS[site],
        published: product[sitePolicy(site).soldOnFlag],
      })),
    },
    { headers: ADMIN_NO_STORE },
  );
}

const missing = () => pageNotFound("No product has this id.");

export async function action({ request, params }: ActionFunctionArgs) {
  const productId = params.id ?? "";
  const done = (result: "saved" | "unchanged" | null, message: string) => {
    if (result === null) throw missing();
    return backWithNotice(request, `/admin/products/${productId}`, {
      tone: result === "saved" ? "success" : "info",
      message: result === "saved" ? message : "Nothing changed.",
    });
  };
  // The product's save may carry an image, so this page reads its own body (up to the upload's
  // cap), and only for a signed-in user who may open the page.
  await requireAdmin(request, "catalogue.view");
  requireCommerceFeature("embeddedCatalogueEditing");
  const form = await readFormWithImage(request);
  return adminIntents(request, {
    permission: "catalogue.view",
    intents: PRODUCT_INTENTS,
    guard: () => requireCommerceFeature("embeddedCatalogueEditing"),
    form,
    questions: {
      unpublish: async ({ site }) => {
        const product = await catalogueAdmin.get(productId);
        if (!product) throw new CatalogueEditError("No product has this id.", undefined, 404);
        return unpublishQuestion(product.title, site);
      },
      removeImage: async ({ imageId }) => {
        const image = await catalogueAdmin.imageOf(productId, imageId);
        if (!image) throw new CatalogueEditError("This picture is not one of this product's.", undefined, 404);
        return removeImageQuestion(image.title, image);
      },
    },
    handlers: {
      product: async ({ intent: _intent, upload, uploadAlt, ...edit }, { admin }) =>
        done(
          await catalogueAdmin.updateProduct(
            admin,
            productId,
            edit,
            upload ? { file: upload, alt: uploadAlt ?? "" } : undefined,
          ),
          "Product saved.",
        ),
      variant: async ({ variantId, intent: _intent, ...edit }, { admin }) => {
        const result = await catalogueAdmin.updateVariant(admin, productId, variantId, edit);
        if (result === null) throw pageNotFound("No variant of this product has this id.");
        return done(result, "Variant saved.");
      },
      publish: async ({ site }, { admin }) =>
        done(
          await catalogueAdmin.setPublished(admin, productId, site, true),
          `Published on the ${SITE_CHANNEL_LABELS[site]}.`,
        ),
      unpublish: async ({ site }, { admin }) =>
        done(
          await catalogueAdmin.setPublished(admin, productId, site, false),
          `Unpublished from the ${SITE_CHANNEL_LABELS[site]}.`,
        ),
      removeImage: async ({ imageId }, { admin }) => {
        if ((await catalogueAdmin.removeImage(admin, productId, imageId)) === null) {
          throw new CatalogueEditError("This picture is not one of this product's.", undefined, 404);
        }
        return done("saved", "Picture removed.");
      },
    },
  });
}

export default function AdminProduct() {
  const { product, allowed, library, availability, channels, homeRanges, nutrition } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const unknown = replyFor(data, "");
  return (
    <>
      <p>
        <Link to="/admin/products">Back to the catalogue</Link>
      </p>
      <h1>{product.title}</h1>
      <p>
        {BRAND_LABELS[product.brand] ?? product.brand} · {product.handle} · lowest price{" "}
        {formatMoney(product.minPriceCents)}
      </p>
      <FormError errors={unknown?.error?.[""] ?? undefined} />
      {!allowed.product ? <p>You can look at the catalogue; changing it needs the merchandiser role.</p> : null}
      <ProductPublication
        channels={channels}
        canEdit={allowed.publish}
        reply={replyFor(data, "unpublish") ?? replyFor(data, "publish")}
      />
      <ConfirmPanel reply={replyFor(data, "removeImage")} />
      <ProductEditor
        // A saved change starts the form again from what is stored (conform keeps its own state).
        key={[
          product.updatedAt,
          ...product.images.map((image) => `${image.id}:${image.alt}`),
          ...product.variants.map((v) => v.image?.url ?? ""),
        ].join("|")}
        product={product}
        library={library}
        nutrition={nutrition}
        canEdit={allowed.product}
        canRemove={allowed.removeImage}
        reply={replyFor(data, "product")}
      />
      <ProductVariants
        variants={product.variants}
        availability={availability}
        homeRanges={homeRanges}
        canEdit={allowed.variant}
        reply={replyFor(data, "variant")}
      />
    </>
  );
}
