import { Link } from "@remix-run/react";
import { useState } from "react";
import { formatMoney } from "~/models/money";
import { cardVariantInStock, VET_SUPERVISED_LABEL, type CardView } from "~/models/product";
import type { SiteId } from "~/models/site";
import { sitePolicy } from "~/models/site-policy";
import { BadgeList } from "./badge-list";
import { CardRating } from "./card-rating";
import { useSelectItem } from "./data-layer-event";
import { CompareAtPrice, Price } from "./price";
import { UnitPrice } from "./product-prices";
import { QuantityField } from "./quantity-field";
import { ResponsiveImage } from "./responsive-image";

/** Card images are 120 px high on mobile and 200 on desktop: these widths cover 1x and 2x. */
const CARD_IMAGE_WIDTHS = [150, 320, 480];

interface ProductCardProps {
  product: CardView;
  site: SiteId;
  freeShippingMinimumCents: number;
  /** Heading level of the title within the page. */
  headingLevel?: 2 | 3;
  /** The list the card is in and its position, for the data layer's select_item (docs/rules.md "Analytics"). */
  list?: { pathname: string; index: number };
}

/**
 * A product in a grid or carousel (catalogue spec sections 1, 2, 5 and 9), as the
 * site policy says: consumer site: price, size pill, autoship and shipping messages.
 * Staff site: those are hidden; a size selector and the compare-at price are shown,
 * and Prescription Diet is labelled 'Vet-Supervised Nutrition'.
 */
export function ProductCard({ product, site, freeShippingMinimumCents, headingLevel = 3, list }: ProductCardProps) {
  const policy = sitePolicy(site);
  const [variantId, setVariantId] = useState(product.variant.id);
  const variant = product.variants?.find((v) => v.id === variantId) ?? product.variant;
  const inStock = cardVariantInStock(variant);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const formId = `add-${product.id}`;
  const selectItemRef = useSelectItem(product, list, site);
  return (
    <article className="product-card" aria-labelledby={`${formId}-title`}>
      <div className="product-card__image">
        {product.image ? (
          <ResponsiveImage
            src={product.image.url}
            alt=""
            width={product.image.width}
            height={product.image.height}
            widths={CARD_IMAGE_WIDTHS}
            sizes="(max-width: 767px) 120px, 200px"
            fit="contain"
          />
        ) : null}
      </div>
      <div className="product-card__body">
        <BadgeList badges={variant.badges} />
        {policy.showsVetSupervisedLabel && product.vetSupervised ? (
          <p className="vet-label">{VET_SUPERVISED_LABEL}</p>
        ) : null}
        <Heading className="product-card__title" id={`${formId}-title`}>
          <Link to={variant.href} className="product-card__link" ref={selectItemRef}>
            {product.title}
          </Link>
        </Heading>
        <p className="product-card__description">{product.description}</p>
        <CardRating rating={product.rating} />
        {policy.cardSizeSelector ? null : <p className="size-pill">{variant.size}</p>}
        {!policy.showsRetailPrices ? (
          <CompareAtPrice compareAtPriceCents={variant.compareAtPriceCents ?? null} />
        ) : variant.priceCents !== undefined ? (
          <>
            <Price priceCents={variant.priceCents} compareAtPriceCents={variant.compareAtPriceCents ?? null} />
            <UnitPrice text={variant.unitPrice} />
          </>
        ) : null}
        {policy.showsAutoshipSavings && product.autoshipEligible ? (
          <p className="card-note">Autoship &amp; save an extra 5%</p>
        ) : null}
        {policy.showsShippingMessages ? (
          <p className="card-note">Free shipping on orders over {formatMoney(freeShippingMinimumCents)}</p>
        ) : null}
        <form method="post" action="/cart" className="product-card__form" data-cart-form="">
          <input type="hidden" name="intent" value="add" />
          {policy.cardSizeSelector ? (
            <div className="field">
              <label htmlFor={`${formId}-size`}>Size</label>
              <select
                id={`${formId}-size`}
                name="variantId"
                value={variantId}
                onChange={(event) => setVariantId(event.currentTarget.value)}
              >
                {(product.variants ?? [product.variant]).map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.size}
                    {v.flavor ? `, ${v.flavor}` : ""}
                    {cardVariantInStock(v) ? "" : " (out of stock)"}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <input type="hidden" name="variantId" value={variant.id} />
          )}
          <div className="product-card__buy">
            <QuantityField id={`${formId}-qty`} inStock={inStock} label={`Quantity of ${product.title}`} />
            <button type="submit" className="button button--primary" disabled={!inStock}>
              {inStock ? "Add to Cart" : "Out of Stock"}
            </button>
          </div>
        </form>
      </div>
    </article>
  );
}
