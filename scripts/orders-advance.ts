// `npm run orders:advance -- <order number> <packed|shipped|delivered> [--carrier ups --tracking 1Z…]`,
// or `approve-return`/`receive-return <order number>`: moves an order through fulfilment (the
// earlier steps included) or its oldest open return one step, with the real order lifecycle
// service, so the whole flow can be tried locally (docs/operations.md "Fulfilment in development").
// Prints what it did; a refusal exits 1 with its reason.
import { prisma } from "~/db.server";
import { CARRIERS, normalizeTrackingNumber } from "~/models/order-lifecycle";
import { ORDERS_ADVANCE_USAGE, parseAdvanceArgs, stepsToward, type AdvanceCommand } from "~/models/orders-advance";
import { fulfilmentReads, LifecycleError, orderLifecycle } from "~/services/orders/index.server";

async function advance(command: AdvanceCommand): Promise<string> {
  const order = await fulfilmentReads.orderByNumber(command.orderNumber);
  if (!order) throw new LifecycleError("NOT_FOUND", `There is no order #${command.orderNumber}.`);
  const orderId = order.id;
  const label = `Order #${command.orderNumber}`;
  if (command.kind === "fulfil") {
    const steps = stepsToward(order.status, command.step);
    if (steps.length === 0) return `${label} is already ${command.step}; nothing changed.`;
    const done: string[] = [];
    for (const step of steps) {
      if (step === "packed") await orderLifecycle.markPacked(orderId);
      if (step === "shipped") {
        await orderLifecycle.markShipped(orderId, command.shipment);
        const number = normalizeTrackingNumber(command.shipment.trackingNumber);
        done.push(`shipped (${CARRIERS[command.shipment.carrier].name} ${number})`);
        continue;
      }
      if (step === "delivered") await orderLifecycle.markDelivered(orderId);
      done.push(step);
    }
    return `${label}: ${done.join(", ")}.`;
  }
  const from = command.kind === "approve-return" ? "requested" : "approved";
  const returnId = await fulfilmentReads.oldestReturn(orderId, from);
  if (!returnId) throw new LifecycleError("WRONG_STATUS", `${label} has no ${from} return.`);
  if (command.kind === "approve-return") await orderLifecycle.approveReturn(returnId);
  else await orderLifecycle.receiveReturn(returnId);
  return command.kind === "approve-return"
    ? `${label}: return ${returnId} approved.`
    : `${label}: return ${returnId} received; its refund is queued.`;
}

const args = parseAdvanceArgs(process.argv.slice(2));
try {
  if (!args.ok) {
    console.error(`orders:advance: ${args.message}\n${ORDERS_ADVANCE_USAGE}`);
    process.exitCode = 2;
  } else {
    console.log(await advance(args.command));
  }
} catch (error) {
  console.error(error instanceof LifecycleError ? `orders:advance: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
  // Importing the services starts the catalogue's freshness poll; a poll still in flight could
  // hold a database connection open after the disconnect, so the command ends here.
  process.exit();
}
