import { BADGE_LABELS, type BadgeKey } from "~/models/badges";

/** A variant's badges, best first (catalogue spec section 9; `variantBadgeKeys` picks them). */
export function BadgeList({ badges }: { badges: readonly BadgeKey[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="badges" aria-label="Product badges">
      {badges.map((key) => (
        <li key={key} className={`badge badge--${key}`}>
          {BADGE_LABELS[key]}
        </li>
      ))}
    </ul>
  );
}
