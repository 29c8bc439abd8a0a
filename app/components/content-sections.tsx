import type { SerializeFrom } from "@remix-run/node";
import { Fragment } from "react";
import type { AssetSizes, ContentData, HomeSection, LoadedCarousel } from "~/models/content";
import type { ContentLink } from "~/models/content-links";
import { carouselBackground, carouselTextColor } from "~/models/carousel";
import type { SiteId } from "~/models/site";
import { ContentPicture } from "./content-image";
import { ContentLinkTo } from "./content-link";
import { ContentCarousels } from "./content-carousels";

function Cta({ link, variant = "primary" }: { link?: ContentLink; variant?: "primary" | "secondary" }) {
  return link ? <ContentLinkTo link={link} className={`button button--${variant}`} /> : null;
}

export function Hero({ hero, assets }: { hero: ContentData<"home">["hero"]; assets: AssetSizes }) {
  return (
    <section className="hero hero--content" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <div className="hero__copy">
          <h1 id="hero-heading">{hero.heading}</h1>
          <p>{hero.body}</p>
          <p className="hero__actions">
            <ContentLinkTo link={hero.cta} className="button button--primary button--large" />
            {hero.secondary_cta ? (
              <ContentLinkTo link={hero.secondary_cta} className="button button--secondary button--large" />
            ) : null}
          </p>
        </div>
        <ContentPicture image={hero.image} assets={assets} sizes="(max-width: 768px) 100vw, 50vw" priority />
      </div>
    </section>
  );
}

export function HighlightBlock({
  block,
  assets,
}: {
  block: ContentData<"highlight-content-block">;
  assets: AssetSizes;
}) {
  return (
    <section className="container section highlight-block" aria-labelledby="highlight-heading">
      <div className="highlight-block__copy">
        {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
        <h2 id="highlight-heading">{block.heading}</h2>
        <p>{block.body}</p>
        <Cta link={block.cta} />
      </div>
      <ContentPicture image={block.image} assets={assets} sizes="(max-width: 768px) 100vw, 45vw" />
    </section>
  );
}

export function TwoColumnSection({
  section,
  assets,
}: {
  section: ContentData<"two-column-section">;
  assets: AssetSizes;
}) {
  return (
    <section
      className="container section two-column"
      aria-labelledby={section.heading ? "two-column-heading" : undefined}
      aria-label={section.heading ? undefined : section.columns.map((c) => c.heading).join(" and ")}
    >
      {section.heading ? <h2 id="two-column-heading">{section.heading}</h2> : null}
      <div className="two-column__grid">
        {section.columns.map((column) => (
          <article key={column.heading} className="two-column__column">
            <ContentPicture image={column.image} assets={assets} sizes="(max-width: 768px) 100vw, 45vw" />
            <h3>{column.heading}</h3>
            <p>{column.body}</p>
            <Cta link={column.cta} variant="secondary" />
          </article>
        ))}
      </div>
    </section>
  );
}

export function PromotionBanners({
  items,
  assets,
}: {
  items: ContentData<"promotion-banners">["items"];
  assets: AssetSizes;
}) {
  if (items.length === 0) return null;
  return (
    <section className="container section promotion-banners" aria-label="Promotions">
      {items.map((item) => (
        <article
          key={item.id}
          className="promotion-banner"
          style={{ background: carouselBackground(item.bg_color), color: carouselTextColor(item.bg_color) }}
        >
          <div className="promotion-banner__copy">
            <h2>{item.heading}</h2>
            <p>{item.body}</p>
            <Cta link={item.cta} />
          </div>
          <ContentPicture image={item.image} assets={assets} sizes="(max-width: 768px) 100vw, 40vw" />
        </article>
      ))}
    </section>
  );
}

/** The home page's sections in the editor's order. */
export function HomeSections({
  home,
  site,
  freeShippingMinimumCents,
}: {
  home: SerializeFrom<{
    sections: HomeSection[];
    highlight: ContentData<"highlight-content-block"> | null;
    twoColumn: ContentData<"two-column-section"> | null;
    carousels: LoadedCarousel[];
    promotions: ContentData<"promotion-banners">["items"];
    images: AssetSizes;
  }>;
  site: SiteId;
  freeShippingMinimumCents: number;
}) {
  return (
    <>
      {home.sections.map((section) => (
        <Fragment key={section}>
          {section === "highlight-content-block" && home.highlight ? (
            <HighlightBlock block={home.highlight} assets={home.images} />
          ) : null}
          {section === "two-column-section" && home.twoColumn ? (
            <TwoColumnSection section={home.twoColumn} assets={home.images} />
          ) : null}
          {section === "product-carousel" ? (
            <ContentCarousels
              carousels={home.carousels}
              site={site}
              freeShippingMinimumCents={freeShippingMinimumCents}
              idPrefix="home"
            />
          ) : null}
          {section === "promotion-banners" ? <PromotionBanners items={home.promotions} assets={home.images} /> : null}
        </Fragment>
      ))}
    </>
  );
}
