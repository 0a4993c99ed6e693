// An order's refunds on its back-office page (docs/decisions/0056): each refund with its state
// (pending at the provider, refunded, refused), and the form that gives back lines, quantities,
// the delivery or an amount, with or without restocking. Its figures come from core/refunds.ts
// planRefund, the same arithmetic the server writes. A cancelled order with money left unrefunded
// opens the form with everything filled in: cancelling does not move money by itself.
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import {
  MANUAL_REFUND_METHODS,
  type ManualRefundMethod,
  planRefund,
  REFUND_METHOD_LABEL,
  RefundRuleError,
} from "../../../core/refunds";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { centsFromInput, formatDateTime, formatMoney } from "../lib/format";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { Card } from "../ui/Page";
import type { AdminOrder } from "./OrderDetail";

type Refunds = AdminOrder["refunds"];

const STATUS_LABEL: Record<Refunds["list"][number]["status"], { text: string; className: string }> = {
  pending: { text: "Pending at the provider", className: "bg-amber-100 text-amber-900" },
  succeeded: { text: "Refunded", className: "bg-green-100 text-green-900" },
  failed: { text: "Refused", className: "bg-red-100 text-red-900" },
};

/**
 * Money the customer is known to have paid and not had back: a card payment that went through, or
 * an order marked paid. A cash-on-delivery order cancelled before delivery was never paid.
 */
export function paidOrderWithMoneyLeft(order: AdminOrder): boolean {
  const r = order.refunds;
  return r.allowed && r.leftCents > 0 && (r.throughProvider || order.paidAt !== null);
}

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `refund-${Date.now()}-${Math.random().toString(36).slice(2)}`;

const input = "rounded border border-slate-400 px-2 py-1.5 text-sm";

function RefundForm({ order, full }: { order: AdminOrder; full: boolean }) {
  const id = useId();
  const revalidator = useRevalidator();
  const r = order.refunds;
  const open = r.lines.filter((l) => l.qty - l.refundedQty > 0);
  const [qty, setQty] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((l) => [l.lineId, full ? String(l.qty - l.refundedQty) : "0"])),
  );
  const [shipping, setShipping] = useState(full && r.shippingLeftCents > 0);
  const [extra, setExtra] = useState("");
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState(full && order.status === "cancelled" ? "Order cancelled" : "");
  const [method, setMethod] = useState<ManualRefundMethod>(
    order.payment.method === "bank_transfer" ? "bank_transfer" : "cash",
  );
  const [note, setNote] = useState("");
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lines = open
    .map((l) => ({ lineId: l.lineId, qty: Number(qty[l.lineId] ?? 0) }))
    .filter((l) => Number.isInteger(l.qty) && l.qty > 0);
  const extraCents = centsFromInput(extra) ?? 0;
  let preview: { amountCents: number; pointsReturnedCents: number; pointsTakenCents: number } | null = null;
  let problem: string | null = null;
  if (Number.isNaN(extraCents) || extraCents < 0) problem = "The additional amount is not a sum of money.";
  else if (lines.length > 0 || shipping || extraCents > 0) {
    try {
      preview = planRefund(
        {
          goodsTotalCents: order.totals.goodsCents,
          shippingCostCents: order.totals.shippingCents,
          pointsRedeemedCents: r.pointsRedeemedCents,
          pointsEarnedCents: r.pointsEarnedCents,
          paidCents: r.paidCents,
          lines: r.lines.map((l) => ({
            id: l.lineId,
            qty: l.qty,
            unitPriceCents: l.unitPriceCents,
            description: l.description,
          })),
        },
        {
          moneyCents: r.refundedCents,
          shippingCents: order.totals.shippingCents - r.shippingLeftCents,
          pointsReturnedCents: r.pointsReturnedCents,
          pointsTakenCents: r.pointsTakenCents,
          qty: new Map(r.lines.map((l) => [l.lineId, l.refundedQty])),
        },
        { lines, shipping, extraCents },
      );
    } catch (err) {
      if (!(err instanceof RefundRuleError)) throw err;
      problem = err.message;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!preview) {
      setError(problem ?? "Choose lines, the delivery or an amount to refund.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = await callAdmin(adminRoutes.orders.refund, {
        params: { code: order.code },
        body: {
          idempotencyKey: key,
          version: r.version,
          lines,
          shipping,
          extraCents,
          restock: restock && r.restockAllowed,
          reason: reason.trim(),
          method: r.throughProvider ? "provider" : method,
          note: r.throughProvider ? undefined : note.trim() || undefined,
        },
      });
      toast.success(done.message);
      setKey(newKey());
      revalidator.revalidate();
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : "The shop's server could not be reached.");
      // A refusal or an unanswered request may be tried again as the same refund.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      id="refund"
      onSubmit={submit}
      className="mt-4 space-y-3 rounded-lg border border-slate-200 p-3"
      aria-labelledby={`${id}-h`}
    >
      <h3 id={`${id}-h`} className="font-semibold text-slate-900">
        Refund
      </h3>
      {full && order.status === "cancelled" ? (
        <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          This order is cancelled and {formatMoney(r.leftCents)} it was paid has not gone back yet. The form
          holds everything that is left: check it and press Refund.
        </p>
      ) : null}
      {open.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Quantities to refund</legend>
          {open.map((l) => (
            <div key={l.lineId} className="flex items-center gap-3 text-sm">
              <label htmlFor={`${id}-q${l.lineId}`} className="min-w-0 flex-1 text-slate-800">
                {l.description}{" "}
                <span className="text-slate-600">
                  ({formatMoney(l.unitPriceCents)} each; {l.qty - l.refundedQty} of {l.qty} not refunded)
                </span>
              </label>
              <input
                id={`${id}-q${l.lineId}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.qty - l.refundedQty}
                value={qty[l.lineId] ?? ""}
                onChange={(e) => setQty({ ...qty, [l.lineId]: e.target.value })}
                className="w-20 rounded border border-slate-400 px-2 py-1 text-right"
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      {r.shippingLeftCents > 0 ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={shipping} onChange={(e) => setShipping(e.target.checked)} />
          Refund the delivery charge ({formatMoney(r.shippingLeftCents)})
        </label>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-x`} className="block text-sm font-medium text-slate-800">
            Additional amount (€)
          </label>
          <input
            id={`${id}-x`}
            inputMode="decimal"
            value={extra}
            placeholder="0.00"
            autoComplete="off"
            onChange={(e) => setExtra(e.target.value)}
            aria-describedby={`${id}-xh`}
            className={`mt-1 w-full ${input}`}
          />
          <p id={`${id}-xh`} className="mt-1 text-xs text-slate-600">
            Beyond the lines and the delivery: a goodwill amount or a price difference.
          </p>
        </div>
        {r.throughProvider ? (
          <p className="text-sm text-slate-800">
            <span className="block font-medium">Paid back</span>
            {REFUND_METHOD_LABEL.provider}
          </p>
        ) : (
          <div>
            <label htmlFor={`${id}-m`} className="block text-sm font-medium text-slate-800">
              Paid back by
            </label>
            <select
              id={`${id}-m`}
              value={method}
              onChange={(e) => setMethod(e.target.value as ManualRefundMethod)}
              className={`mt-1 w-full ${input}`}
            >
              {MANUAL_REFUND_METHODS.map((m) => (
                <option key={m} value={m}>
                  {REFUND_METHOD_LABEL[m]}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {r.throughProvider ? null : (
        <div>
          <label htmlFor={`${id}-n`} className="block text-sm font-medium text-slate-800">
            How it was paid back
          </label>
          <input
            id={`${id}-n`}
            value={note}
            maxLength={500}
            placeholder="Bank reference, or who handed the cash"
            onChange={(e) => setNote(e.target.value)}
            className={`mt-1 w-full ${input}`}
          />
        </div>
      )}
      <div>
        <label htmlFor={`${id}-r`} className="block text-sm font-medium text-slate-800">
          Reason
        </label>
        <input
          id={`${id}-r`}
          value={reason}
          required
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          className={`mt-1 w-full ${input}`}
        />
      </div>
      {r.restockAllowed ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
          Put the refunded quantities back into stock
        </label>
      ) : (
        <p className="text-xs text-slate-600">
          The cancellation already returned this order's stock: nothing goes back into stock.
        </p>
      )}
      <p className="text-sm text-slate-800" aria-live="polite" data-testid="refund-preview">
        {preview
          ? `Refund ${formatMoney(preview.amountCents)}${
              preview.pointsReturnedCents > 0
                ? `; ${formatMoney(preview.pointsReturnedCents)} in points back to the customer`
                : ""
            }${preview.pointsTakenCents > 0 ? `; ${formatMoney(preview.pointsTakenCents)} in earned points taken back` : ""}.`
          : (problem ?? `Up to ${formatMoney(r.leftCents)} can still be refunded.`)}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass("danger")} disabled={busy}>
        {preview ? `Refund ${formatMoney(preview.amountCents)}` : "Refund"}
      </button>
      <p className="text-xs text-slate-600">
        {r.throughProvider
          ? "The money goes back to the card at once. The customer gets a mail."
          : "Only recorded here: pay the customer back yourself. The customer gets a mail."}
      </p>
    </form>
  );
}

export function OrderRefunds({ order, proposeFull }: { order: AdminOrder; proposeFull: boolean }) {
  const can = useCan();
  const r = order.refunds;
  const mayRefund = can("orders.refund") && r.allowed;
  if (r.list.length === 0 && !mayRefund) return null;
  // Cancelling does not move money: a cancelled order with money left opens with all of it.
  const full = proposeFull || (order.status === "cancelled" && paidOrderWithMoneyLeft(order));
  return (
    <Card title="Refunds" className="lg:col-span-2 lg:self-start">
      <div data-testid="order-refunds" className="space-y-3 text-sm">
        <p className="text-slate-700">
          Paid {formatMoney(r.paidCents)} · refunded {formatMoney(r.refundedCents)} · left{" "}
          {formatMoney(r.leftCents)}
        </p>
        {r.list.map((x) => (
          <div key={x.id} className="rounded-lg border border-slate-200 p-3">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {formatMoney(x.amountCents)} · {formatDateTime(x.completedAt ?? x.createdAt)} · by {x.byName}
              <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_LABEL[x.status].className}`}>
                {STATUS_LABEL[x.status].text}
              </span>
            </p>
            <p className="mt-1 text-slate-800">
              {REFUND_METHOD_LABEL[x.method]}
              {x.note ? ` (${x.note})` : ""} · {x.reason}
              {x.restock ? " · restocked" : ""}
            </p>
            {x.lines.length > 0 || x.shippingCents > 0 || x.extraCents > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {x.lines.map((l) => (
                  <li key={l.description}>
                    {l.qty} × {l.description}: {formatMoney(l.amountCents)}
                  </li>
                ))}
                {x.shippingCents > 0 ? <li>Delivery: {formatMoney(x.shippingCents)}</li> : null}
                {x.extraCents > 0 ? <li>Additional amount: {formatMoney(x.extraCents)}</li> : null}
              </ul>
            ) : null}
            {x.pointsReturnedCents > 0 || x.pointsTakenCents > 0 ? (
              <p className="mt-1 text-slate-700">
                Points: {formatMoney(x.pointsReturnedCents)} given back, {formatMoney(x.pointsTakenCents)}{" "}
                taken back
              </p>
            ) : null}
            {x.error ? <p className="mt-1 text-red-800">{x.error}</p> : null}
          </div>
        ))}
        {mayRefund ? (
          <RefundForm key={`${r.version}-${full}`} order={order} full={full} />
        ) : r.refusal && can("orders.refund") ? (
          <p className="text-slate-700">{r.refusal}</p>
        ) : null}
      </div>
    </Card>
  );
}
