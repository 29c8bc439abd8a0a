// The developers' fulfilment page (/dev/orders, docs/operations.md "Fulfilment in development"):
// what its forms post. Which step may follow which, and what a tracking number is, are the order
// lifecycle's rules (app/models/order-lifecycle.ts, checked again by its service).
import { z } from "zod";
import { isCarrier } from "./order-lifecycle";

const orderId = z.string({ required_error: "Choose an order." }).trim().min(1).max(100);
const returnId = z.string({ required_error: "Choose a return." }).trim().min(1).max(100);

/** Every post of /dev/orders, one intent each. */
export const DevOrdersActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["packed", "delivered"]), orderId }),
  z.object({
    intent: z.literal("shipped"),
    orderId,
    carrier: z.string({ required_error: "Choose the carrier." }).refine(isCarrier, "Choose the carrier."),
    trackingNumber: z.string({ required_error: "Enter the tracking number." }).max(100),
  }),
  z.object({ intent: z.enum(["approve-return", "receive-return"]), returnId }),
]);
