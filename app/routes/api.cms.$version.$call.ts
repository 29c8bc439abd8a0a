import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { CMS_CALLS, CMS_VERSIONS } from "~/services/content/index.server";
import { getSite } from "~/services/site/index.server";
import { apiError, methodNotAllowed, notFound, parseJsonBody } from "~/utils/api.server";

/**
 * Every content call of catalogue spec section 7: `/api/cms/{version}/{call}`,
 * answered as `{ "data": ... }` (shapes in docs/api.md). An unknown version, a call
 * asked for under the wrong version or a malformed body is a 400.
 */
async function answer(request: Request, params: LoaderFunctionArgs["params"]) {
  const version = params.version ?? "";
  const name = params.call ?? "";
  if (!(CMS_VERSIONS as readonly string[]).includes(version)) {
    return apiError(
      400,
      "UNKNOWN_VERSION",
      `Unknown content API version "${version}". Use ${CMS_VERSIONS.join(" or ")}.`,
      {
        version: `must be one of ${CMS_VERSIONS.join(", ")}`,
      },
    );
  }
  const definition = Object.hasOwn(CMS_CALLS, name) ? CMS_CALLS[name] : undefined;
  if (!definition) return notFound(`There is no content call named "${name}".`);
  if (!definition.versions.includes(version)) {
    return apiError(400, "UNKNOWN_VERSION", `${name} is served under ${definition.versions.join(" and ")}.`, {
      version: `must be ${definition.versions.join(" or ")} for ${name}`,
    });
  }
  const method = request.method.toUpperCase();
  if (method !== definition.method && !(method === "HEAD" && definition.method === "GET")) {
    return methodNotAllowed([definition.method]);
  }
  const body = definition.method === "POST" ? await parseJsonBody(request, definition.body) : {};
  const data = await definition.answer(getSite(request), body);
  if (data === null && definition.notFound) {
    return notFound(definition.notFound.message, definition.notFound.field);
  }
  return json(
    { data },
    // The answer depends on the site, which the Host header picks.
    { headers: { "Cache-Control": definition.method === "GET" ? "public, max-age=60" : "no-store", Vary: "Host" } },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answer(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answer(request, params);
}
