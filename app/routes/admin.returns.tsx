// /admin/returns (docs/rules.md "Back office: orders", "Returns"): the returns queue, oldest
// first: the open ones (requested, approved), or those of a chosen status. Approve
// (returns.approve) and Receive (returns.receive); receiving the goods writes the return's
// refund, so the button says so. Each change goes through the order lifecycle, audited there.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { RETURN_INTENT_PERMISSION, ReturnActionSchema, ReturnQueueSchema } from "~/models/admin-orders";
import { AdminTableBox } from "~/components/admin/table-box";
import { can } from "~/models/admin-roles";
import { formatMoney } from "~/models/money";
import { orderStatusLabel, refundStatusLabel, RETURN_STATUSES } from "~/models/order-lifecycle";
import { formatShopDateTime } from "~/models/shop-time";
import { useShopTimeZone } from "~/utils/use-shop-time-zone";
import { ADMIN_NO_STORE, backWithNotice, requireAdmin } from "~/services/admin/index.server";
import { LifecycleError, orderAdmin, orderLifecycle } from "~/services/orders/index.server";
import { readFormData } from "~/utils/form.server";
import { requireCommerceFeature } from "~/utils/commerce-feature.server";

export const meta: MetaFunction = () => [{ title: "Returns · Back office" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "returns.view");
  requireCommerceFeature("embeddedOrders");
  const { status } = ReturnQueueSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(
    {
      status: status ?? null,
      returns: await orderAdmin.returnsQueue(status),
      canApprove: can(admin.role, "returns.approve"),
      canReceive: can(admin.role, "returns.receive"),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  // The queue first; then the action's own permission (`RETURN_INTENT_PERMISSION`).
  await requireAdmin(request, "returns.view");
  requireCommerceFeature("embeddedOrders");
  const parsed = ReturnActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw json({ message: "Unknown action." }, { status: 400, headers: ADMIN_NO_STORE });
  const { intent, returnId } = parsed.data;
  const admin = await requireAdmin(request, RETURN_INTENT_PERMISSION[intent]);
  const back = `/admin/returns${new URL(request.url).search}`;
  try {
    if (intent === "approve") await orderLifecycle.approveReturn(returnId, admin);
    else await orderLifecycle.receiveReturn(returnId, admin);
  } catch (error) {
    if (!(error instanceof LifecycleError)) throw error;
    if (error.code === "NOT_FOUND") throw json({ message: error.message }, { status: 404, headers: ADMIN_NO_STORE });
    return backWithNotice(request, back, { tone: "error", message: error.message });
  }
  return backWithNotice(request, back, {
    tone: "success",
    message:
      intent === "approve"
        ? "The return is approved."
        : "The return is received; its refund is on its way to the customer's card.",
  });
}

export default function ReturnsQueue() {
  const { status, returns, canApprove, canReceive } = useLoaderData<typeof loader>();
  const zone = useShopTimeZone();
  return (
    <>
      <h1>Returns</h1>
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
      {returns.length === 0 ? (
        <p>No returns here.</p>
      ) : (
        <AdminTableBox label="Returns">
          <table className="admin-table" data-testid="admin-returns">
            <caption className="visually-hidden">Returns, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col">Order</th>
                <th scope="col">Items</th>
                <th scope="col">Reason</th>
                <th scope="col">Status</th>
                <th scope="col">Refund</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {returns.map((r) => (
                <tr key={r.id}>
                  <td>{formatShopDateTime(r.createdAt, zone)}</td>
                  <td>
                    <Link to={`/admin/orders/${r.orderNumber}`}>#{r.orderNumber}</Link>
                  </td>
                  <td>
                    <ul>
                      {r.lines.map((line, i) => (
                        <li key={i}>
                          {line.quantity} × {line.productTitle} ({line.variantTitle})
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    {r.reason}
                    {r.comment ? <p className="admin-pre">{r.comment}</p> : null}
                  </td>
                  <td>{orderStatusLabel(r.status)}</td>
                  <td>
                    {formatMoney(r.refundCents)}
                    <br />
                    {r.refundStatus === "succeeded"
                      ? "Refunded"
                      : r.refundStatus
                        ? `Refund ${refundStatusLabel(r.refundStatus).toLowerCase()}`
                        : ""}
                  </td>
                  <td>
                    {canApprove && r.status === "requested" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="approve" />
                        <input type="hidden" name="returnId" value={r.id} />
                        <button type="submit" className="button">
                          Approve
                        </button>
                      </Form>
                    ) : null}
                    {canReceive && r.status === "approved" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="receive" />
                        <input type="hidden" name="returnId" value={r.id} />
                        <button type="submit" className="button">
                          Receive and refund {formatMoney(r.refundCents)}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableBox>
      )}
    </>
  );
}
