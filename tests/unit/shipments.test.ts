// The pure rules of shipments (core/shipments.ts, docs/decisions/0055): the tracking link, a
// courier's template, what a shipment may carry and when an order counts as shipped.
import { describe, expect, it } from "vitest";
import {
  fullyShipped,
  ShipmentInput,
  shipmentLinesProblem,
  trackingLink,
  trackingTemplateProblem,
  unshipped,
} from "../../core/shipments";

const lines = [
  { id: 1, description: "Liquid", qty: 3, shippedQty: 2 },
  { id: 2, description: "Coil", qty: 1, shippedQty: 0 },
];

describe("shipments", () => {
  it("fills the courier's template with the number, encoded", () => {
    expect(trackingLink("https://c.example/t/{tracking}", "AB 12")).toBe("https://c.example/t/AB%2012");
    expect(trackingLink("https://c.example/?n={tracking}", "a&b=c")).toBe("https://c.example/?n=a%26b%3Dc");
    expect(trackingLink(null, "X1")).toBeNull();
    expect(trackingLink("https://c.example/{tracking}", null)).toBeNull();
  });

  it("accepts an https template with the placeholder once, and nothing else", () => {
    expect(trackingTemplateProblem("https://c.example/t/{tracking}")).toBeNull();
    expect(trackingTemplateProblem("http://c.example/t/{tracking}")).toContain("https://");
    expect(trackingTemplateProblem("javascript:alert(1)//{tracking}")).toContain("https://");
    expect(trackingTemplateProblem("https://c.example/t/")).toContain("{tracking}");
    expect(trackingTemplateProblem("https://c.example/{tracking}/{tracking}")).toContain("once");
    expect(trackingTemplateProblem("not a url {tracking}")).toContain("full address");
  });

  it("refuses more than is left, foreign and doubled lines", () => {
    expect(shipmentLinesProblem(lines, [{ orderLineId: 1, qty: 1 }])).toBeNull();
    expect(shipmentLinesProblem(lines, [{ orderLineId: 1, qty: 2 }])).toBe(
      "Liquid: only 1 of 3 is left to ship.",
    );
    expect(shipmentLinesProblem(lines, [{ orderLineId: 9, qty: 1 }])).toBe(
      "Line 9 is not a line of this order.",
    );
    expect(
      shipmentLinesProblem(lines, [
        { orderLineId: 2, qty: 1 },
        { orderLineId: 2, qty: 1 },
      ]),
    ).toBe("Line 2 is named twice.");
    expect(
      shipmentLinesProblem(
        [{ id: 3, description: "Pod", qty: 1, shippedQty: 1 }],
        [{ orderLineId: 3, qty: 1 }],
      ),
    ).toBe("Pod: everything ordered has already been shipped.");
  });

  it("counts an order shipped when every unit has left", () => {
    expect(fullyShipped(lines)).toBe(false);
    expect(fullyShipped(lines, [{ orderLineId: 1, qty: 1 }])).toBe(false);
    expect(
      fullyShipped(lines, [
        { orderLineId: 1, qty: 1 },
        { orderLineId: 2, qty: 1 },
      ]),
    ).toBe(true);
    expect(unshipped(lines)).toEqual([
      { id: 1, description: "Liquid", remaining: 1 },
      { id: 2, description: "Coil", remaining: 1 },
    ]);
  });

  it("validates a shipment's input, naming what is wrong", () => {
    const ok = ShipmentInput.safeParse({
      idempotencyKey: "key-12345678",
      carrierId: 1,
      trackingNumber: "",
      lines: [{ orderLineId: 1, qty: 1 }],
    });
    expect(ok.success && ok.data.trackingNumber).toBeNull();
    const bad = ShipmentInput.safeParse({ idempotencyKey: "short", carrierId: 0, lines: [] });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["idempotencyKey", "carrierId", "lines"]));
  });
});
