// The developers' fulfilment command, `npm run orders:advance` (docs/rules.md "Order lifecycle"):
// what its arguments ask for, and which fulfilment steps take an order there. No I/O; the
// script (scripts/orders-advance.ts) runs the steps with the order lifecycle service.
import {
  FULFILMENT_STEPS,
  isCarrier,
  normalizeTrackingNumber,
  type CarrierCode,
  type FulfilmentStep,
} from "./order-lifecycle";

/** The shipment used when `shipped` is asked for without `--carrier`/`--tracking`: UPS's documented test number. */
export const DEFAULT_SHIPMENT = { carrier: "ups", trackingNumber: "1Z999AA10123456784" } as const;

export const ORDERS_ADVANCE_USAGE = [
  "usage: npm run orders:advance -- <order number> <packed|shipped|delivered> [--carrier ups|fedex|usps --tracking <number>]",
  "       npm run orders:advance -- approve-return <order number>",
  "       npm run orders:advance -- receive-return <order number>",
].join("\n");

export type AdvanceCommand =
  | {
      kind: "fulfil";
      orderNumber: number;
      step: FulfilmentStep;
      shipment: { carrier: CarrierCode; trackingNumber: string };
    }
  | { kind: "approve-return" | "receive-return"; orderNumber: number };

export type AdvanceArgs = { ok: true; command: AdvanceCommand } | { ok: false; message: string };

function orderNumberOf(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** Reads the command's arguments (those after `--`). */
export function parseAdvanceArgs(argv: readonly string[]): AdvanceArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split("=", 2);
      if (name !== "carrier" && name !== "tracking") return { ok: false, message: `Unknown option --${name}.` };
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith("--")) return { ok: false, message: `--${name} needs a value.` };
      options.set(name, value);
    } else {
      positional.push(arg);
    }
  }
  if (positional[0] === "approve-return" || positional[0] === "receive-return") {
    const orderNumber = orderNumberOf(positional[1]);
    if (orderNumber === null || positional.length !== 2 || options.size > 0) {
      return { ok: false, message: `${positional[0]} takes one order number.` };
    }
    return { ok: true, command: { kind: positional[0], orderNumber } };
  }
  if (positional.length !== 2) return { ok: false, message: "Give an order number and a step." };
  const orderNumber = orderNumberOf(positional[0]);
  if (orderNumber === null) return { ok: false, message: `"${positional[0]}" is not an order number.` };
  const step = FULFILMENT_STEPS.find((s) => s === positional[1]);
  if (!step) return { ok: false, message: `The step must be one of ${FULFILMENT_STEPS.join(", ")}.` };
  const carrier = options.get("carrier") ?? DEFAULT_SHIPMENT.carrier;
  if (!isCarrier(carrier)) return { ok: false, message: `Unknown carrier "${carrier}": use ups, fedex or usps.` };
  const trackingNumber = options.get("tracking") ?? DEFAULT_SHIPMENT.trackingNumber;
  if (!normalizeTrackingNumber(trackingNumber)) {
    return { ok: false, message: `"${trackingNumber}" is not a tracking number (8 to 40 letters and digits).` };
  }
  if (step === "packed" && options.size > 0) return { ok: false, message: "--carrier and --tracking go with shipped." };
  return { ok: true, command: { kind: "fulfil", orderNumber, step, shipment: { carrier, trackingNumber } } };
}

const PATH = ["paid", ...FULFILMENT_STEPS] as const;

/**
 * The steps that take an order from `status` to `target`, the earlier ones included ("delivered"
 * from paid: packed, shipped, delivered). Already there: none. Anywhere else (past the target,
 * cancelled): the target alone, which the service refuses with its reason.
 */
export function stepsToward(status: string, target: FulfilmentStep): FulfilmentStep[] {
  const from = (PATH as readonly string[]).indexOf(status);
  const to = PATH.indexOf(target);
  if (from === to) return [];
  if (from < 0 || from > to) return [target];
  return FULFILMENT_STEPS.slice(from, to);
}
