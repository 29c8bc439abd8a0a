// GET /donation-logos/category-N.svg (N 0 to 25): a charity category's default logo
// (docs/rules.md "Donations"; catalogue spec section 9), drawn by `categoryLogoSvg`.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { categoryLogoSvg, categoryOfLogoName } from "~/models/donation-logos";

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

export function loader({ params }: LoaderFunctionArgs) {
  const categoryId = categoryOfLogoName(params.name ?? "");
  if (categoryId === null) {
    return new Response("Logo not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  }
  return new Response(categoryLogoSvg(categoryId), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": `public, max-age=${THIRTY_DAYS_SECONDS}`,
      // An SVG opened on its own is a document: nothing in it may load or run.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
