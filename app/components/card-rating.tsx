// A product card's rating (docs/rules.md "Reviews on pages"): the average and the count of
// published reviews from the catalogue snapshot, shown always (first-party figures, no cookie
// and no script, so no consent is needed: docs/decisions.md "Reviews (pages)").
import { cardRatingText, formatAverage, starGlyphs } from "~/models/review-pages";

export function CardRating({ rating }: { rating?: { average: number; count: number } | null }) {
  if (!rating || rating.count <= 0) return null;
  return (
    <p className="card-rating" data-testid="card-rating">
      <span aria-hidden="true">
        <span className="stars">{starGlyphs(rating.average)}</span> {formatAverage(rating.average)} ({rating.count})
      </span>
      <span className="visually-hidden">{cardRatingText(rating.average, rating.count)}</span>
    </p>
  );
}
