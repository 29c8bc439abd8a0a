import { useEffect, useState } from "react";
import type { Crumb } from "~/models/navigation";
import { Breadcrumbs } from "./breadcrumbs";

const STORAGE_KEY = "pn:last-category";

interface StoredCategory {
  species: string;
  label: string;
  path: string;
}

/** Remembers the category page a consumer last browsed (shop-core spec section 2 breadcrumbs). */
export function RememberCategory({ species, label, path }: StoredCategory) {
  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ species, label, path }));
    } catch {
      // storage unavailable (private mode): breadcrumbs fall back to the product's own category
    }
  }, [species, label, path]);
  return null;
}

/**
 * Product breadcrumbs. The server renders them from the product; in the browser
 * the category crumb becomes the category page last browsed for that species.
 */
export function ProductBreadcrumbs({ crumbs, species }: { crumbs: Crumb[]; species: string }) {
  const [shown, setShown] = useState(crumbs);
  useEffect(() => {
    try {
      const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as StoredCategory | null;
      if (stored?.species === species && crumbs.length >= 2) {
        const next = [...crumbs];
        next[next.length - 2] = { label: stored.label, to: stored.path };
        setShown(next);
        return;
      }
    } catch {
      // ignore unreadable storage
    }
    setShown(crumbs);
  }, [crumbs, species]);
  return <Breadcrumbs crumbs={shown} />;
}
