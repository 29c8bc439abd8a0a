import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { MAX_AUTOSHIP_PER_LINE, MAX_ITEMS_PER_ORDER } from "~/models/cart-limits";
import { LIMITED_STOCK_MAX, variantBadgeKeys } from "~/models/badges";
import { formatMoney } from "~/models/money";
import type { Crumb } from "~/models/navigation";
import {
  BRAND_NAMES,
  imagesForVariant,
  isVetSupervised,
  VET_SUPERVISED_LABEL,
  type CardView,
  type ProductDetail,
  type ProductVariantDetail,
} from "~/models/product";
import type { ProductReviewsData } from "~/models/review-pages";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { formatWeight } from "~/models/weight";
import { BadgeList } from "./badge-list";
import { CompareAtPrice, Price } from "./price";
import { ProductNutrition } from "./product-nutrition";
import { AutoshipOffer, UnitPrice } from "./product-prices";
import { ProductExtras } from "./product-extras";
import { QuantityField } from "./quantity-field";
import { ProductBreadcrumbs } from "./breadcrumbs";
import { ResponsiveImage } from "./responsive-image";

interface OptionValue {
  value: string;
  path: string;
  selected: boolean;
  available: boolean;
}

export interface ProductViewProps {
  site: SiteId;
  product: SerializeFrom<ProductDetail>;
  variant: SerializeFrom<ProductVariantDetail>;
  options: { name: string; values: OptionValue[] }[];
  crumbs: Crumb[];
  sellingPlans: { id: string; name: string; frequencyDays: number }[];
  freeShippingMinimumCents: number;
  /** The price per lb or oz, "$2.49/lb"; null where none is shown. */
  unitPrice: string | null;
  /** The autoship price of one unit and its saving, where the product has autoship and a price shows. */
  autoshipOffer: { priceCents: number; savingCents: number } | null;
  /** "Estimated delivery {date} to {zip}" for the shopper, or the Hawaii message. */
  deliveryEstimate: string;
  related: Promise<CardView[]> | CardView[];
  reviews: ProductReviewsData;
}

// An out-of-stock variant's "notify me" form loads with its own chunk too (docs/rules.md "Back in stock").
const NotifyMe = lazy(() => import("./notify-me").then((m) => ({ default: m.NotifyMe })));

function stockText(inventory: number): string {
  if (inventory <= 0) return "Out of stock";
  if (inventory <= LIMITED_STOCK_MAX) return `Only ${inventory} left`;
  return "In stock";
}

/** The add-to-cart form around the page's layout; a plain box for an out-of-stock variant. */
function BuyLayout({ inStock, children }: { inStock: boolean; children: ReactNode }) {
  if (!inStock) return <div className="product-page__layout">{children}</div>;
  return (
    <form method="post" action="/cart" className="product-page__layout" data-cart-form="">
      {children}
    </form>
  );
}

/** The product page (catalogue spec sections 1 and 2). */
export function ProductView({
  site,
  product,
  variant,
  options,
  crumbs,
  sellingPlans,
  freeShippingMinimumCents,
  unitPrice,
  autoshipOffer,
  deliveryEstimate,
  related,
  reviews,
}: ProductViewProps) {
  const policy = sitePolicy(site);
  const inStock = variant.inventory > 0;
  const [autoship, setAutoship] = useState(false);
  // A choice made before the page hydrated stays in force (the view may load after its HTML).
  useEffect(() => {
    if ((document.getElementById("purchase-autoship") as HTMLInputElement | null)?.checked) setAutoship(true);
  }, []);
  const [mainImage, ...moreImages] = imagesForVariant(product.images, variant.id);
  return (
    <div className="container product-page">
      <ProductBreadcrumbs site={site} species={product.species} crumbs={crumbs} />
      {/* The whole layout is the add-to-cart form, so on phones its buy box can stick to the foot
          of the screen from the first screen on, with or without JavaScript (docs/rules.md "Phone
          layout"). A plain form: with JavaScript the cart provider posts it through the cart fetcher. */}
      {/* Out of stock, the layout is no form: its buy box holds the "notify me" form, and forms do not nest. */}
      <BuyLayout inStock={inStock}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="variantId" value={variant.id} />
        <section className="product-gallery" aria-label="Product images">
          {mainImage ? (
            <ResponsiveImage
              src={mainImage.url}
              alt={mainImage.alt}
              width={mainImage.width}
              height={mainImage.height}
              sizes="(max-width: 768px) 100vw, 50vw"
              priority
              className="product-gallery__main"
            />
          ) : null}
          {moreImages.length > 0 ? (
            <ul className="product-gallery__more">
              {moreImages.map((image) => (
                <li key={image.url}>
                  <ResponsiveImage
                    src={image.url}
                    alt={image.alt}
                    width={image.width}
                    height={image.height}
                    sizes="160px"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className="product-info" aria-labelledby="product-title">
          <BadgeList badges={variantBadgeKeys(variant)} />
          {policy.showsVetSupervisedLabel && isVetSupervised(product.brand) ? (
            <p className="vet-label">{VET_SUPERVISED_LABEL}</p>
          ) : null}
          <p className="product-info__brand">{BRAND_NAMES[product.brand] ?? product.brand}</p>
          <h1 id="product-title">{product.title}</h1>
          {!policy.showsRetailPrices ? (
            <CompareAtPrice compareAtPriceCents={variant.compareAtPriceCents} />
          ) : variant.priceCents !== undefined ? (
            <Price priceCents={variant.priceCents} compareAtPriceCents={variant.compareAtPriceCents} />
          ) : null}
          <UnitPrice text={unitPrice} />
          <p className={`stock stock--${inStock ? "in" : "out"}`} data-testid="stock-state">
            {stockText(variant.inventory)}
          </p>
          <dl className="product-info__facts">
            <dt>Size</dt>
            <dd>{variant.size}</dd>
            <dt>Weight</dt>
            <dd>{formatWeight(variant.weightValue, variant.weightUnit)}</dd>
            <dt>SKU</dt>
            <dd>{variant.sku}</dd>
          </dl>

          {options.map((option) => (
            <div key={option.name} className="option-picker">
              <h2 className="option-picker__name" id={`option-${option.name}`}>
                {option.name}
              </h2>
              <ul aria-labelledby={`option-${option.name}`}>
                {option.values.map((value) => (
                  <li key={value.value}>
                    <Link
                      to={value.path}
                      className={`option-pill${value.available ? "" : " option-pill--unavailable"}`}
                      aria-current={value.selected ? "true" : undefined}
                      preventScrollReset
                      replace
                    >
                      {value.value}
                      {value.available ? null : <span className="visually-hidden"> (out of stock)</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}

          {/* No Autoship choice for an out-of-stock variant (docs/rules.md "Back in stock"). */}
          {inStock && product.autoshipEligible && sellingPlans.length > 0 ? (
            <fieldset className="purchase-type">
              <legend>How would you like it?</legend>
              <div className="purchase-type__choice">
                <input
                  type="radio"
                  id="purchase-once"
                  name="purchaseType"
                  value="one-time"
                  defaultChecked
                  onChange={() => setAutoship(false)}
                />
                <label htmlFor="purchase-once">One-time purchase</label>
              </div>
              <div className="purchase-type__choice">
                <input
                  type="radio"
                  id="purchase-autoship"
                  name="purchaseType"
                  value="autoship"
                  onChange={() => setAutoship(true)}
                />
                <label htmlFor="purchase-autoship">
                  Autoship
                  {policy.showsAutoshipSavings ? (
                    <span className="purchase-type__save"> and save an extra 5%</span>
                  ) : null}
                </label>
              </div>
              {autoshipOffer ? <AutoshipOffer {...autoshipOffer} /> : null}
              <div className="field">
                <label htmlFor="selling-plan">Deliver every</label>
                <select id="selling-plan" name="sellingPlanId" defaultValue={sellingPlans[2]?.id ?? sellingPlans[0].id}>
                  {sellingPlans.map((plan) => (
                    <option key={plan.id} value={plan.id}>
                      {plan.name.replace(/^Every /, "")}
                    </option>
                  ))}
                </select>
              </div>
            </fieldset>
          ) : null}
        </section>

        <div className="buy-box">
          {inStock ? (
            <>
              <QuantityField
                id="product-quantity"
                inStock={inStock}
                max={autoship ? MAX_AUTOSHIP_PER_LINE : MAX_ITEMS_PER_ORDER}
                key={autoship ? "autoship" : "once"}
              />
              <button type="submit" className="button button--primary button--large">
                Add to Cart
              </button>
            </>
          ) : (
            <Suspense fallback={null}>
              <NotifyMe variantId={variant.id} />
            </Suspense>
          )}
        </div>
        <p className="card-note product-page__note" data-testid="delivery-estimate">
          {deliveryEstimate}
        </p>
        {policy.showsShippingMessages ? (
          <p className="card-note product-page__note">
            Free shipping on orders over {formatMoney(freeShippingMinimumCents)}
          </p>
        ) : null}

        <section className="product-description" aria-labelledby="product-description-title">
          <h2 id="product-description-title">Description</h2>
          <p>{product.description}</p>
        </section>
      </BuyLayout>
      <ProductNutrition nutrition={product.nutrition} />

      <ProductExtras
        site={site}
        related={related}
        reviews={reviews}
        freeShippingMinimumCents={freeShippingMinimumCents}
      />
    </div>
  );
}
