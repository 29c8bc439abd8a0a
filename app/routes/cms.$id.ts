import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderAsset, content } from "~/services/content/index.server";
import { logger } from "~/services/observability/index.server";
import { pageNotFound } from "~/utils/form.server";

const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * GET /cms/{id}[?w=640]: a content image asset as webp (catalogue spec section 3:
 * jpeg and png are both served as webp), resized to the content width ladder.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const asset = /^[a-z0-9][a-z0-9-]*$/.test(id) ? await content.getAsset(id) : null;
  if (!asset) return pageNotFound("Image not found");
  const w = new URL(request.url).searchParams.get("w");
  if (w !== null && !/^\d{1,4}$/.test(w)) {
    return new Response("w must be a width in pixels", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  let image: Buffer;
  try {
    image = await renderAsset(asset, w === null ? null : Math.max(1, Number(w)));
  } catch (error) {
    // The row exists but its file is missing or unreadable: an asset we cannot serve.
    logger().error({ err: error, assetId: id }, "content asset could not be rendered");
    return pageNotFound("Image not found");
  }
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": `public, max-age=${ONE_WEEK_SECONDS}`,
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
