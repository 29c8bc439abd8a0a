// The collection post's schema (docs/rules.md "Analytics"), apart from the event builders so
// the browser's bundle does not carry zod for it.
import { z } from "zod";
import { ANALYTICS_EVENTS, MAX_EVENTS_PER_POST, SIGN_IN_METHODS, type EcommerceEventName } from "./analytics";

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const amount = z.number().finite().min(-1_000_000).max(1_000_000);

const ItemSchema = z
  .object({
    item_id: text(100).min(1),
    item_name: text(300),
    item_brand: text(100).optional(),
    item_variant: text(200).optional(),
    price: amount,
    quantity: z.number().int().min(0).max(10_000),
    index: z.number().int().min(0).max(10_000).optional(),
    item_list_name: text(100).optional(),
  })
  .strict();

const EcommerceSchema = z
  .object({
    event: z.enum(
      ANALYTICS_EVENTS.filter((e) => e !== "search" && e !== "login" && e !== "sign_up") as [
        EcommerceEventName,
        ...EcommerceEventName[],
      ],
    ),
    ecommerce: z
      .object({
        currency: text(3).min(3),
        value: amount,
        items: z.array(ItemSchema).max(100),
        item_list_name: text(100).optional(),
        transaction_id: text(100).optional(),
        tax: amount.optional(),
        shipping: amount.optional(),
        coupon: text(100).optional(),
        shipping_tier: text(100).optional(),
        payment_type: text(100).optional(),
      })
      .strict(),
  })
  .strict();

/** One event as the collection endpoint accepts it: exactly the shapes the builders above make. */
const EventSchema = z.union([
  EcommerceSchema,
  z.object({ event: z.literal("search"), search_term: text(200) }).strict(),
  z.object({ event: z.enum(["login", "sign_up"]), method: z.enum(SIGN_IN_METHODS) }).strict(),
]);

/** The collection post: `{ integration, events }` with 1 to MAX_EVENTS_PER_POST events. */
export const AnalyticsPostSchema = z
  .object({
    integration: text(50),
    events: z
      .array(EventSchema)
      .min(1, "must hold at least one event")
      .max(MAX_EVENTS_PER_POST, `must hold at most ${MAX_EVENTS_PER_POST} events`),
  })
  .strict();
