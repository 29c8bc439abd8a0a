// /admin/orders/ship (docs/rules.md "Back office: orders"): the packed orders, each with a
// checkbox, a carrier and a tracking number; one submit (SHIP_INTENTS in app/models/admin-orders.ts,
// run by `adminIntents`) ships every checked row that is valid, each in its own transaction
// (audited there), and answers what happened to each order. One refused row never stops the others.
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OrderShipTable } from "~/components/admin/order-ship-table";
import { FormError } from "~/components/form-field";
import { BULK_SHIP_MAX, bulkShipRows, SHIP_INTENTS } from "~/models/admin-orders";
import { CARRIERS } from "~/models/order-lifecycle";
import { ADMIN_NO_STORE, requireAdmin } from "~/services/admin/index.server";
import { LifecycleError, orderAdmin, orderLifecycle } from "~/services/orders/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";
import { replyFor } from "~/utils/form";

export const meta: MetaFunction = () => [
  { title: "Ship packed orders · Back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "orders.fulfil");
  requireCommerceFeature("embeddedOrders");
  return json({ orders: await orderAdmin.packedOrders(BULK_SHIP_MAX) }, { headers: ADMIN_NO_STORE });
}

export interface ShipOutcome {
  orderId: string;
  number: number | null;
  shipped: boolean;
  message: string;
}

export async function action({ request }: ActionFunctionArgs) {
  return adminIntents(request, {
    permission: "orders.fulfil",
    intents: SHIP_INTENTS,
    guard: () => requireCommerceFeature("embeddedOrders"),
    handlers: {
      ship: async (input, { admin }) => {
        const rows = bulkShipRows(input);
        const numbers = await orderAdmin.numbersOf(rows.map((row) => row.orderId));
        const outcomes: ShipOutcome[] = [];
        for (const row of rows) {
          const number = numbers.get(row.orderId) ?? null;
          const refused = (why: string) =>
            outcomes.push({ orderId: row.orderId, number, shipped: false, message: why });
          if (number === null) refused("Refused: no such order.");
          else if (!row.ok) refused(`Refused: ${row.message}`);
          else {
            try {
              const { carrier, trackingNumber } = row;
              const moved = await orderLifecycle.markShipped(row.orderId, { carrier, trackingNumber }, admin);
              if (moved) {
                const message = `Shipped with ${CARRIERS[carrier].name} ${trackingNumber}.`;
                outcomes.push({ orderId: row.orderId, number, shipped: true, message });
              } else refused("Refused: it was already shipped.");
            } catch (error) {
              if (!(error instanceof LifecycleError)) throw error;
              refused(`Refused: ${error.message}`);
            }
          }
        }
        const shipped = outcomes.filter((o) => o.shipped).length;
        const message = `${shipped} of ${outcomes.length} ${outcomes.length === 1 ? "order" : "orders"} shipped.`;
        return json({ form: "ship", outcomes, message }, { headers: ADMIN_NO_STORE });
      },
    },
  });
}

export default function ShipPackedOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const reply = replyFor(data, "ship");
  const [form, fields] = useForm({ id: "bulk-ship", lastResult: reply?.status ? reply : undefined });
  const answer =
    data && typeof data === "object" && "outcomes" in data
      ? (data as { outcomes: ShipOutcome[]; message: string })
      : null;
  return (
    <>
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1>Ship packed orders</h1>
      {answer ? (
        <section aria-labelledby="ship-results" data-testid="ship-results">
          <h2 id="ship-results" role="status">
            {answer.message}
          </h2>
          {answer.outcomes.length > 0 ? (
            <ul>
              {answer.outcomes.map((outcome) => (
                <li key={outcome.orderId}>
                  {outcome.number ? `Order #${outcome.number}` : "An unknown order"}: {outcome.message}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {orders.length === 0 ? (
        <p>No packed orders are waiting to ship.</p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <FormError errors={[...(form.errors ?? []), ...(fields.order.errors ?? [])]} id={form.errorId} />
          <input type="hidden" name="intent" value="ship" />
          <OrderShipTable orders={orders} />
          <button type="submit" className="button">
            Ship the ticked orders
          </button>
        </Form>
      )}
    </>
  );
}
