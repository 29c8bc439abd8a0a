import { variantBadges } from "~/models/badges";

/** Up to two badges for a variant, best first (catalogue spec section 9). */
export function BadgeList({ variant, limit }: { variant: { inventory: number; badgeTags: string[] }; limit?: number }) {
  const badges = variantBadges(variant, limit);
  if (badges.length === 0) return null;
  return (
    <ul className="badges" aria-label="Product badges">
      {badges.map((badge) => (
        <li key={badge.key} className={`badge badge--${badge.key}`}>
          {badge.label}
        </li>
      ))}
    </ul>
  );
}
