import { Link } from "@remix-run/react";
import { formatMoney } from "~/models/money";
import { productCardHref, type ProductCardData } from "~/models/product";
import type { SiteId } from "~/models/site";
import { truncate } from "~/models/text";

/** Card description length (catalogue spec section 9). */
export const CARD_DESCRIPTION_LENGTH = 25;

/**
 * A product in a grid. Staff-feeding mode hides retail prices (catalogue spec
 * section 1); the full card (badges, quantity, add to cart) is the catalogue issue's.
 */
export function ProductCard({ product, site }: { product: ProductCardData; site: SiteId }) {
  const { variant } = product;
  const href = productCardHref(variant);
  return (
    <article className="product-card">
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <img
            src={product.image.url}
            alt=""
            width={product.image.width}
            height={product.image.height}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </Link>
      <div className="product-card__body">
        <h3 className="product-card__title">
          <Link to={href}>{product.title}</Link>
        </h3>
        <p className="product-card__description">{truncate(product.description, CARD_DESCRIPTION_LENGTH)}</p>
        {site === "DTC" ? (
          <p className="product-card__price">
            <span className="visually-hidden">Price: </span>
            {formatMoney(variant.priceCents)}
            {variant.compareAtPriceCents && variant.compareAtPriceCents > variant.priceCents ? (
              <s className="product-card__compare">
                <span className="visually-hidden">Was </span>
                {formatMoney(variant.compareAtPriceCents)}
              </s>
            ) : null}
          </p>
        ) : null}
        <p className="product-card__size">{variant.size}</p>
      </div>
    </article>
  );
}
