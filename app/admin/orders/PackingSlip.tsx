// The packing slip: what goes in the parcel and where it goes, on one printed page (no prices).
// The back office's frame hides itself in print; this page hides its own buttons.
import { Link } from "react-router";
import type * as contract from "../../../core/api/admin/orders";
import type { ApiOutput } from "../../../core/api/endpoint";
import { formatDate } from "../lib/format";
import { buttonClass } from "../ui/AdminForm";
import { paymentLabel } from "./status";

export type PackingSlipData = ApiOutput<typeof contract.slip>;

export function PackingSlip({ slip }: { slip: PackingSlipData }) {
  const to = slip.shipTo;
  const shop = slip.store;
  return (
    <div className="mx-auto max-w-3xl bg-white p-6 text-slate-900 shadow-sm print:max-w-none print:p-0 print:shadow-none">
      <div className="mb-6 flex flex-wrap gap-2 print:hidden">
        <Link
          to={`/admin/orders/${encodeURIComponent(slip.order.code)}`}
          className={buttonClass("secondary")}
        >
          Back to the order
        </Link>
        <button type="button" className={buttonClass("primary")} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="flex flex-wrap justify-between gap-4 border-b border-slate-300 pb-4">
        <div>
          <p className="text-lg font-bold">{shop.name}</p>
          {shop.trader ? (
            <p className="text-sm" data-testid="slip-trader">
              {shop.trader.join(", ")}
            </p>
          ) : null}
          {shop.address ? <p className="whitespace-pre-line text-sm">{shop.address}</p> : null}
          {shop.telephone ? <p className="text-sm">Tel. {shop.telephone}</p> : null}
          {shop.email ? <p className="text-sm">{shop.email}</p> : null}
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold">Packing slip</h1>
          <p className="text-sm">
            Order <strong>{slip.order.code}</strong>
          </p>
          {slip.shipment ? (
            <p className="text-sm" data-testid="slip-shipment">
              Shipment {slip.shipment.seq} · {slip.shipment.carrier}
              {slip.shipment.trackingNumber ? ` · ${slip.shipment.trackingNumber}` : ""}
            </p>
          ) : null}
          <p className="text-sm">{formatDate(slip.order.createdAt)}</p>
          <p className="text-sm">{paymentLabel(slip.order.paymentMethod)}</p>
        </div>
      </header>
      <section className="mt-4" aria-labelledby="slip-ship-to">
        <h2 id="slip-ship-to" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          Ship to
        </h2>
        <address className="mt-1 not-italic">
          <span className="font-semibold">{to.name}</span>
          {to.address ? <span className="block whitespace-pre-line">{to.address}</span> : null}
          {to.city || to.country ? (
            <span className="block">{[to.city, to.country].filter(Boolean).join(", ")}</span>
          ) : null}
          {to.phone ? <span className="block">Tel. {to.phone}</span> : null}
          {to.email ? <span className="block">{to.email}</span> : null}
        </address>
        {to.method ? <p className="mt-2 text-sm">Shipping: {to.method}</p> : null}
      </section>
      <table className="mt-6 w-full border-collapse text-sm">
        <caption className="sr-only">Items to pack</caption>
        <thead>
          <tr className="border-b-2 border-slate-400">
            <th scope="col" className="py-2 pr-2 text-left">
              Code
            </th>
            <th scope="col" className="py-2 pr-2 text-left">
              Product
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
            <th scope="col" className="w-16 py-2 text-center">
              Packed
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((l) => (
            <tr key={l.id} className="border-b border-slate-200 break-inside-avoid">
              <td className="py-2 pr-2 align-top font-mono">{l.productCode ?? "—"}</td>
              <td className="py-2 pr-2 align-top">{l.description}</td>
              <td className="py-2 text-right align-top text-base font-semibold tabular-nums">{l.qty}</td>
              <td className="py-2 text-center align-top" aria-hidden="true">
                ☐
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="py-2 pr-2 text-right">
              Items in total
            </th>
            <td className="py-2 text-right font-semibold tabular-nums">
              {slip.lines.reduce((n, l) => n + l.qty, 0)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      {slip.notes ? (
        <section className="mt-6 rounded border border-slate-300 p-3" aria-labelledby="slip-notes">
          <h2 id="slip-notes" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            Customer's notes
          </h2>
          <p className="mt-1 whitespace-pre-line">{slip.notes}</p>
        </section>
      ) : null}
    </div>
  );
}
