// A product page's Product JSON-LD (catalogue spec section 2; docs/rules.md "Titles and SEO",
// "Reviews on pages", "Search engines"): built by the product loader and emitted by the page's
// `meta` (`productSeo`), so its offer and review rules stay out of the page's JavaScript.
import { amountOf, returnPolicyJsonLd, schemaAvailability, shippingDetailsJsonLd, type OfferTerms } from "./merchant";
import { SHOP_CURRENCY } from "./money";
import { ingredientList, kcalUnitText, type Nutrition } from "./nutrition";
import { BRAND_NAMES, imagesForVariant, type VariantSummary } from "./product";
import type { ProductReviewsData } from "./review-pages";
import { absoluteUrl } from "./seo";

export interface ProductJsonLdInput {
  origin: string;
  canonicalPath: string;
  product: {
    title: string;
    description: string;
    brand: string;
    /** Its lines' product type: an excluded type never ships free (`shippingRates`). */
    productType?: string;
    images: { url: string; variantId?: string | null }[];
    /** The label facts: their figures enter as `additionalProperty` (`nutritionJsonLd`). */
    nutrition?: Nutrition | null;
  };
  variant: VariantSummary;
  /** The reviews section's data: its figures enter the JSON-LD only when the page shows them. */
  reviews?: ProductReviewsData;
  /** The offer's shipping, delivery and returns terms (`offerTerms`); null where no price is shown. */
  merchant?: OfferTerms | null;
}

/** Reviews in a product's JSON-LD at most (the first ones the page shows). */
const JSON_LD_REVIEWS = 5;

/**
 * The Product JSON-LD's AggregateRating and Review items (docs/rules.md "Reviews on pages"):
 * only when the page shows the reviews (functional consent, no provider script) and the
 * product has published ones; never the viewer's own unpublished review.
 */
export function reviewsJsonLd(reviews: ProductReviewsData | undefined): Record<string, unknown> {
  if (reviews?.mode !== "shown" || reviews.summary.count === 0) return {};
  const published = reviews.reviews.filter((review) => review.status === "published").slice(0, JSON_LD_REVIEWS);
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(published.length
      ? {
          review: published.map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            datePublished: review.date.slice(0, 10),
            name: review.title,
            reviewBody: review.body,
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/**
 * A product page's Offer (docs/rules.md "Search engines"): price, availability, the page's URL,
 * new condition, and with the offer's terms `priceValidUntil`, the shipping of one unit
 * (`offerTerms`) and the return policy.
 */
export function offerJsonLd(
  item: { priceCents: number; productType: string },
  variant: { inventory: number },
  url: string,
  terms: OfferTerms | null | undefined,
): Record<string, unknown> {
  return {
    "@type": "Offer",
    price: amountOf(item.priceCents),
    priceCurrency: SHOP_CURRENCY,
    availability: schemaAvailability(variant),
    url,
    itemCondition: "https://schema.org/NewCondition",
    ...(terms
      ? {
          priceValidUntil: terms.priceValidUntil,
          shippingDetails: shippingDetailsJsonLd(terms.shippingRates, terms),
          hasMerchantReturnPolicy: returnPolicyJsonLd(terms),
        }
      : {}),
  };
}

/**
 * A product's label facts as schema.org allows them on a Product (docs/rules.md "Nutrition
 * facts"): schema.org has no pet-food nutrition type, so each guarantee, the calorie content and
 * the ingredient list are `additionalProperty` PropertyValue entries, figures with their unit
 * (`unitText`); the feeding guide and adequacy statement are left to the page.
 */
export function nutritionJsonLd(nutrition: Nutrition | null | undefined): Record<string, unknown> {
  if (!nutrition) return {};
  const property = (name: string, value: number | string, unitText?: string) => ({
    "@type": "PropertyValue",
    name,
    value,
    ...(unitText ? { unitText } : {}),
  });
  return {
    additionalProperty: [
      ...nutrition.analysis.map((g) => property(`${g.nutrient} (${g.basis})`, g.value, g.unit)),
      property("Calorie content", nutrition.calories.kcalPerKg, "kcal/kg"),
      property("Calorie content", nutrition.calories.kcalPerUnit, kcalUnitText(nutrition.calories.unit)),
      property("Ingredients", ingredientList(nutrition)),
    ],
  };
}

/** The Product JSON-LD of a product page: an offer only where the site shows retail prices. */
export function productJsonLd(data: ProductJsonLdInput): Record<string, unknown> {
  const { product, variant, origin } = data;
  const url = `${origin}${data.canonicalPath}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    sku: variant.sku,
    brand: { "@type": "Brand", name: BRAND_NAMES[product.brand] ?? product.brand },
    image: imagesForVariant(product.images, variant.id).map((image) => absoluteUrl(origin, image.url)),
    url,
    ...nutritionJsonLd(product.nutrition),
    ...reviewsJsonLd(data.reviews),
    // Staff-feeding mode hides retail prices (the catalogue sends none), so it publishes no offer.
    ...(variant.priceCents !== undefined
      ? {
          offers: offerJsonLd(
            { priceCents: variant.priceCents, productType: product.productType ?? "" },
            variant,
            url,
            data.merchant,
          ),
        }
      : {}),
  };
}
