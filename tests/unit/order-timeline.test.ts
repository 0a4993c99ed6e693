// An order's timeline (core/admin/order-timeline.ts, docs/decisions/0045): events, payment
// attempts and mails merged newest first, ties in the order they were made, who acted named with
// their role, and a mail that keeps failing or a failed payment flagged; a note's input rules.
import { describe, expect, it } from "vitest";
import { OrderNoteInput, orderTimeline, type TimelineInput } from "../../core/admin/order-timeline";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

const input: TimelineInput = {
  events: [
    { id: 1, kind: "placed", actorKind: "guest", actor: "Anna Ioannou", body: null, createdAt: at(0) },
    { id: 2, kind: "paid", actorKind: "provider", actor: "viva", body: "tx-77", createdAt: at(3) },
    { id: 3, kind: "note", actorKind: "staff", actor: "Eleni", body: "Gift wrap.", createdAt: at(10) },
    { id: 4, kind: "completed", actorKind: "erp", actor: "ERP", body: null, createdAt: at(20) },
  ],
  payments: [
    { id: 8, provider: "viva", status: "failed", amountCents: 2490, createdAt: at(1) },
    { id: 9, provider: "viva", status: "paid", amountCents: 2490, createdAt: at(2) },
  ],
  mails: [
    // Sent when the payment came in, in the same minute as the "paid" event.
    {
      id: 5,
      kind: "order-customer",
      to: "anna@example.org",
      createdAt: at(3),
      sentAt: at(3),
      attempts: 1,
      lastError: null,
    },
    {
      id: 6,
      kind: "order-completed",
      to: "anna@example.org",
      createdAt: at(20),
      sentAt: null,
      attempts: 3,
      lastError: "550 mailbox full",
    },
  ],
};

describe("orderTimeline", () => {
  const timeline = orderTimeline(input);

  it("is newest first, a mail after the step that sent it in the same moment", () => {
    expect(timeline.map((e) => e.key)).toEqual([
      "mail-6",
      "event-4",
      "event-3",
      "mail-5",
      "event-2",
      "payment-9",
      "payment-8",
      "event-1",
    ]);
  });

  it("names who acted with their role, and nobody for a mail or a payment attempt", () => {
    const by = Object.fromEntries(timeline.map((e) => [e.key, e.by]));
    expect(by).toEqual({
      "event-1": "Anna Ioannou (guest)",
      "event-2": "viva (payment provider)",
      "event-3": "Eleni (staff)",
      "event-4": "ERP",
      "mail-5": null,
      "mail-6": null,
      "payment-8": null,
      "payment-9": null,
    });
  });

  it("says what each step was, with its detail", () => {
    const byKey = Object.fromEntries(timeline.map((e) => [e.key, e]));
    expect(byKey["event-2"]).toMatchObject({ title: "Payment received", detail: "Transaction tx-77" });
    expect(byKey["event-3"]).toMatchObject({ title: "Internal note", detail: "Gift wrap." });
    expect(byKey["mail-5"]).toMatchObject({
      title: "Order confirmation to the customer sent",
      detail: "To anna@example.org",
      warning: false,
    });
    expect(byKey["payment-9"]).toMatchObject({ detail: "€24.90, paid", warning: false });
  });

  it("flags a mail that keeps failing and a failed payment", () => {
    const byKey = Object.fromEntries(timeline.map((e) => [e.key, e]));
    expect(byKey["mail-6"]).toMatchObject({
      title: "“Order completed” mail to the customer waiting to be sent",
      detail: "To anna@example.org. 3 attempts; last error: 550 mailbox full",
      warning: true,
    });
    expect(byKey["payment-8"]).toMatchObject({ detail: "€24.90, failed", warning: true });
    expect(timeline.filter((e) => e.warning).map((e) => e.key)).toEqual(["mail-6", "payment-8"]);
  });

  it("shows the shop itself as the shop", () => {
    const lapsed = orderTimeline({
      events: [
        { id: 1, kind: "expired", actorKind: "system", actor: "the shop", body: null, createdAt: at(0) },
      ],
      payments: [],
      mails: [],
    });
    expect(lapsed[0]?.by).toBe("the shop");
  });
});

describe("OrderNoteInput", () => {
  it("trims a note and refuses an empty or too long one with the owner's words", () => {
    expect(OrderNoteInput.parse({ body: "  Call first.  " })).toEqual({ body: "Call first." });
    expect(OrderNoteInput.safeParse({ body: " \n " }).error?.issues[0]?.message).toBe(
      "Write the note first.",
    );
    expect(OrderNoteInput.safeParse({ body: "x".repeat(2001) }).error?.issues[0]?.message).toBe(
      "A note has at most 2,000 characters.",
    );
    expect(OrderNoteInput.safeParse({ body: "x".repeat(2000) }).success).toBe(true);
  });
});
