// /admin/returns (docs/rules.md "Back office: orders", "Returns"): the returns queue, oldest
// first: the open ones (requested, approved), or those of a chosen status, with how many are in
// each. Its actions are RETURN_INTENTS (app/models/admin-orders.ts), run by `adminIntents`:
// Approve (returns.approve) and Receive (returns.receive), which writes the return's refund and so
// asks first. Each change goes through the order lifecycle, audited there.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/admin/confirm";
import { StatusCounts } from "~/components/admin/order-badges";
import { ReturnsTable } from "~/components/admin/order-returns-table";
import { FormError } from "~/components/form-field";
import { allowedIntents } from "~/models/admin-intents";
import { receiveReturnQuestion, RETURN_INTENTS, ReturnQueueSchema } from "~/models/admin-orders";
import { orderStatusLabel, RETURN_STATUSES } from "~/models/order-lifecycle";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { LifecycleError, orderAdmin, orderLifecycle } from "~/services/orders/index.server";
import { adminIntents } from "~/utils/admin-action.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";
import { replyFor } from "~/utils/form";

export const meta: MetaFunction = () => [{ title: "Returns · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "returns.view");
  requireCommerceFeature("embeddedOrders");
  const { status } = ReturnQueueSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [returns, counts] = await Promise.all([orderAdmin.returnsQueue(status), orderAdmin.returnCounts()]);
  return json(
    { status: status ?? null, returns, counts, actions: allowedIntents(admin.role, RETURN_INTENTS) },
    { headers: ADMIN_NO_STORE },
  );
}

async function returnOf(returnId: string) {
  const found = await orderAdmin.returnOf(returnId);
  if (!found) throw new LifecycleError("NOT_FOUND", "We could not find that return.");
  return found;
}

export async function action({ request }: ActionFunctionArgs) {
  const back = `/admin/returns${new URL(request.url).search}`;
  return adminIntents(request, {
    permission: "returns.view",
    intents: RETURN_INTENTS,
    guard: () => requireCommerceFeature("embeddedOrders"),
    questions: {
      receive: async ({ returnId }) => {
        const found = await returnOf(returnId);
        return receiveReturnQuestion(found.orderNumber, found.refundCents);
      },
    },
    handlers: {
      approve: async ({ returnId }, { admin }) => {
        await orderLifecycle.approveReturn(returnId, admin);
        return backWithNotice(request, back, { tone: "success", message: "The return is approved." });
      },
      receive: async ({ returnId }, { admin }) => {
        await orderLifecycle.receiveReturn(returnId, admin);
        return backWithNotice(request, back, {
          tone: "success",
          message: "The return is received; its refund is on its way to the customer's card.",
        });
      },
    },
  });
}

export default function ReturnsQueue() {
  const { status, returns, counts, actions } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const refused = [replyFor(data, ""), replyFor(data, "approve"), replyFor(data, "receive")]
    .filter((reply) => reply && !reply.confirm)
    .flatMap((reply) => Object.values(reply?.error ?? {}).flatMap((errors) => errors ?? []));
  return (
    <>
      <h1>Returns</h1>
      <StatusCounts
        kind="return"
        label="Returns by status"
        statuses={RETURN_STATUSES}
        counts={counts}
        hrefOf={(s) => `/admin/returns?status=${s}`}
      />
      <Form method="get" className="admin-filters" aria-label="Filter returns">
        <div className="field">
          <label htmlFor="returns-status">Status</label>
          <select id="returns-status" name="status" defaultValue={status ?? ""}>
            <option value="">Open (requested or approved)</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <FormError errors={refused} />
      <ConfirmPanel reply={replyFor(data, "receive")} />
      <p role="status">{returns.length === 1 ? "1 return" : `${returns.length} returns`}</p>
      {returns.length === 0 ? <p>No returns here.</p> : <ReturnsTable returns={returns} may={actions} />}
    </>
  );
}
