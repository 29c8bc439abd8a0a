import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPMENT, parseAdvanceArgs, stepsToward } from "./orders-advance";

describe("parseAdvanceArgs (npm run orders:advance)", () => {
  it("reads an order number and a step, with the shipment for shipped (UPS's test number by default)", () => {
    expect(parseAdvanceArgs(["100123", "packed"])).toEqual({
      ok: true,
      command: { kind: "fulfil", orderNumber: 100123, step: "packed", shipment: DEFAULT_SHIPMENT },
    });
    expect(parseAdvanceArgs(["100123", "shipped", "--carrier", "fedex", "--tracking", "1234 5678 9012"])).toEqual({
      ok: true,
      command: {
        kind: "fulfil",
        orderNumber: 100123,
        step: "shipped",
        shipment: { carrier: "fedex", trackingNumber: "1234 5678 9012" },
      },
    });
    expect(
      parseAdvanceArgs(["100123", "delivered", "--carrier=usps", "--tracking=9400111899223197428490"]),
    ).toMatchObject({
      ok: true,
      command: { step: "delivered", shipment: { carrier: "usps" } },
    });
  });

  it("reads approve-return and receive-return with one order number", () => {
    expect(parseAdvanceArgs(["approve-return", "100123"])).toEqual({
      ok: true,
      command: { kind: "approve-return", orderNumber: 100123 },
    });
    expect(parseAdvanceArgs(["receive-return", "100124"])).toEqual({
      ok: true,
      command: { kind: "receive-return", orderNumber: 100124 },
    });
  });

  it.each([
    [[], "Give an order number and a step."],
    [["100123"], "Give an order number and a step."],
    [["#100123", "packed"], '"#100123" is not an order number.'],
    [["100123", "returned"], "The step must be one of packed, shipped, delivered."],
    [["100123", "shipped", "--carrier", "dhl"], 'Unknown carrier "dhl": use ups, fedex or usps.'],
    [["100123", "shipped", "--tracking", "12#4"], '"12#4" is not a tracking number (8 to 40 letters and digits).'],
    [["100123", "shipped", "--tracking"], "--tracking needs a value."],
    [["100123", "shipped", "--speed", "fast"], "Unknown option --speed."],
    [["100123", "packed", "--carrier", "ups"], "--carrier and --tracking go with shipped."],
    [["approve-return"], "approve-return takes one order number."],
    [["receive-return", "100123", "--carrier", "ups"], "receive-return takes one order number."],
  ])("refuses %j: %s", (argv, message) => {
    expect(parseAdvanceArgs(argv)).toEqual({ ok: false, message });
  });
});

describe("stepsToward", () => {
  it("walks through the earlier steps", () => {
    expect(stepsToward("paid", "packed")).toEqual(["packed"]);
    expect(stepsToward("paid", "delivered")).toEqual(["packed", "shipped", "delivered"]);
    expect(stepsToward("packed", "delivered")).toEqual(["shipped", "delivered"]);
  });

  it("does nothing at the target, and asks the service (which refuses) from past it or off the path", () => {
    expect(stepsToward("shipped", "shipped")).toEqual([]);
    expect(stepsToward("delivered", "packed")).toEqual(["packed"]);
    expect(stepsToward("cancelled", "shipped")).toEqual(["shipped"]);
  });
});
