import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { commerce } from "~/services/commerce/index.server";
import { CartIdSchema, changeSiteCart, methodNotAllowed, parseJsonBody, requireMethod } from "~/utils/api.server";

const UpdateNoteBodySchema = z.object({ cartId: CartIdSchema, note: z.string().max(500).nullable() });

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST { cartId, note } → { cart, notices }; an empty or null note clears it. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cartId, note } = await parseJsonBody(request, UpdateNoteBodySchema);
  return changeSiteCart(request, cartId, (id) => commerce.updateNote(id, note ?? ""));
}
