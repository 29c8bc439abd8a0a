import { NoteSchema } from "~/models/cart-input";
import { commerce } from "~/services/commerce/index.server";
import { cartChangeAction, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { cartId, note } → { cart, notices }; an empty or null note clears it. */
export const action = cartChangeAction({ note: NoteSchema.nullable() }, (id, { note }) =>
  commerce.updateNote(id, note ?? ""),
);
