// The `route` label of request metrics and log lines (docs/rules.md "Logs carry no secrets",
// docs/operations.md "Metrics"): the route PATTERN a request matched ("/products/*",
// "/account/orders/:id"), never its raw path, so a metric has a bounded number of series.
// Pure: built from the Remix build's route table, matched with react-router's matcher.
import { matchRoutes } from "@remix-run/react";

/** One entry of the Remix build's `routes` table (only what matching needs). */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Fixed labels for what Express answers before Remix, and for a path no route matches. */
export const ROUTE_LABELS = {
  build: "/build/*",
  images: "/_ipx/*",
  static: "static",
  unmatched: "unmatched",
} as const;

/** A route object as react-router's matcher reads it. */
type Node = Parameters<typeof matchRoutes>[0][number] & { id: string };

function tree(routes: Record<string, BuildRoute>, parentId: string | undefined): Node[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive } as Node;
      if (route.index) return { ...node, index: true } as Node;
      return { ...node, children: tree(routes, route.id) } as Node;
    });
}

/** The pattern of a match chain: the matched routes' paths joined ("/account/orders/:id", "/"). */
function patternOf(paths: (string | undefined)[]): string {
  const joined = paths
    .filter((p): p is string => !!p)
    .join("/")
    .replace(/\/+/g, "/")
    .replace(/^\/|\/$/g, "");
  return `/${joined}`;
}

/**
 * A function from a request path to its route label: "/build/*" and "/_ipx/*" for the
 * asset and image middleware, else the pattern of the Remix routes it matches (with
 * Remix's own matcher rules: static segments beat params beat splats), else "unmatched".
 * `staticPaths` are the files express.static serves from public/ ("/favicon.svg"): "static".
 */
export function createRouteLabeler(
  routes: Record<string, BuildRoute>,
  { staticPaths = new Set<string>() }: { staticPaths?: ReadonlySet<string> } = {},
): (pathname: string) => string {
  const routeTree = tree(routes, undefined);
  const cache = new Map<string, string>();
  return (pathname) => {
    if (pathname === "/build" || pathname.startsWith("/build/")) return ROUTE_LABELS.build;
    if (pathname === "/_ipx" || pathname.startsWith("/_ipx/")) return ROUTE_LABELS.images;
    if (staticPaths.has(pathname)) return ROUTE_LABELS.static;
    const cached = cache.get(pathname);
    if (cached) return cached;
    let label: string = ROUTE_LABELS.unmatched;
    try {
      const matches = matchRoutes(routeTree, pathname);
      // Only the root layout matched: no page of ours.
      if (matches && matches.length > 1) label = patternOf(matches.map((m) => m.route.path));
    } catch {
      // a path the matcher cannot decode: no route
    }
    // Raw paths are unbounded, so the memo stays small; labels are few.
    if (cache.size < 1000) cache.set(pathname, label);
    return label;
  };
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The `method` label: a standard method as sent, anything else "other" (a client chooses it). */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return METHODS.has(upper) ? upper : "other";
}
