// An order's shipments on its back-office page (docs/decisions/0055): each parcel sent (courier,
// tracking link, lines, who) with its own packing slip, the form that ships lines and quantities
// with a courier and a tracking number, and "Mark delivered" once everything has left.
import { type FormEvent, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Card } from "../ui/Page";
import type { AdminOrder } from "./OrderDetail";

type Shipping = AdminOrder["fulfilment"];

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `ship-${Date.now()}-${Math.random().toString(36).slice(2)}`;

function ShipForm({ code, shipping }: { code: string; shipping: Shipping }) {
  const id = useId();
  const revalidator = useRevalidator();
  const open = shipping.lines.filter((l) => l.remaining > 0);
  const [qty, setQty] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, String(l.remaining)])),
  );
  const [carrierId, setCarrierId] = useState(String(shipping.carriers[0]?.id ?? ""));
  const [tracking, setTracking] = useState("");
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const lines = open
      .map((l) => ({ orderLineId: l.id, qty: Number(qty[l.id] ?? 0) }))
      .filter((l) => Number.isInteger(l.qty) && l.qty > 0);
    if (lines.length === 0) {
      setError("Enter a quantity for at least one line.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = await callAdmin(adminRoutes.orders.ship, {
        params: { code },
        body: {
          idempotencyKey: key,
          carrierId: Number(carrierId),
          trackingNumber: tracking.trim() || null,
          lines,
          version: shipping.version,
        },
      });
      toast.success(done.message);
      setKey(newKey());
      setTracking("");
      revalidator.revalidate();
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : "The shop's server could not be reached.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      className="mt-4 space-y-3 rounded-lg border border-slate-200 p-3"
      aria-labelledby={`${id}-h`}
    >
      <h3 id={`${id}-h`} className="font-semibold text-slate-900">
        Ship now
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Quantities in this parcel</legend>
        {open.map((l) => (
          <div key={l.id} className="flex items-center gap-3 text-sm">
            <label htmlFor={`${id}-q${l.id}`} className="min-w-0 flex-1 text-slate-800">
              {l.description}{" "}
              <span className="text-slate-600">
                ({l.remaining} of {l.qty} left)
              </span>
            </label>
            <input
              id={`${id}-q${l.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={l.remaining}
              value={qty[l.id] ?? ""}
              onChange={(e) => setQty({ ...qty, [l.id]: e.target.value })}
              className="w-20 rounded border border-slate-400 px-2 py-1 text-right"
            />
          </div>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-c`} className="block text-sm font-medium text-slate-800">
            Courier
          </label>
          <select
            id={`${id}-c`}
            value={carrierId}
            onChange={(e) => setCarrierId(e.target.value)}
            className="mt-1 w-full rounded border border-slate-400 px-2 py-1.5 text-sm"
          >
            {shipping.carriers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.hasTracking ? "" : " (no tracking page)"}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-t`} className="block text-sm font-medium text-slate-800">
            Tracking number
          </label>
          <input
            id={`${id}-t`}
            name="trackingNumber"
            value={tracking}
            maxLength={60}
            autoComplete="off"
            onChange={(e) => setTracking(e.target.value)}
            className="mt-1 w-full rounded border border-slate-400 px-2 py-1.5 text-sm"
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass("primary")} disabled={busy}>
        Record shipment
      </button>
      <p className="text-xs text-slate-600">The customer gets a mail with the tracking link.</p>
    </form>
  );
}

export function OrderShipments({ order }: { order: AdminOrder }) {
  const can = useCan();
  const revalidator = useRevalidator();
  const s = order.fulfilment;
  const write = can("orders.write");
  if (s.shipments.length === 0 && !(write && s.canShip)) return null;
  return (
    <Card title="Shipments" className="lg:col-span-2 lg:self-start">
      <div data-testid="order-shipments" className="space-y-3 text-sm">
        {s.deliveredAt ? (
          <p className="font-medium text-green-800">Delivered {formatDateTime(s.deliveredAt)}</p>
        ) : null}
        {s.shipments.length === 0 ? <p className="text-slate-700">Nothing has been shipped yet.</p> : null}
        {s.shipments.map((sh) => (
          <div key={sh.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">
              Shipment {sh.seq} · {formatDateTime(sh.createdAt)} · by {sh.by}
            </p>
            <p className="mt-1">
              {sh.carrier}
              {sh.trackingNumber ? (
                <>
                  {" · "}
                  {sh.trackingUrl ? (
                    <a
                      href={sh.trackingUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-indigo-800 underline underline-offset-2"
                    >
                      {sh.trackingNumber}
                    </a>
                  ) : (
                    sh.trackingNumber
                  )}
                </>
              ) : null}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {sh.lines.map((l) => (
                <li key={l.orderLineId}>
                  {l.qty} × {l.description}
                </li>
              ))}
            </ul>
            <Link
              to={`/admin/orders/${encodeURIComponent(order.code)}/slip?shipment=${sh.seq}`}
              className="mt-2 inline-block text-indigo-800 underline underline-offset-2"
            >
              Packing slip of shipment {sh.seq}
            </Link>
          </div>
        ))}
        {write && s.canDeliver ? (
          <ConfirmButton
            tone="primary"
            title={`Mark order ${order.code} delivered?`}
            message="Use it when the courier confirms delivery. The consumer's withdrawal period counts from today."
            confirmLabel="Mark delivered"
            onConfirm={async () => {
              try {
                const done = await callAdmin(adminRoutes.orders.deliver, {
                  params: { code: order.code },
                  body: { version: s.version },
                });
                toast.success(done.message);
              } catch (err) {
                toast.error(
                  err instanceof AdminApiError ? err.message : "The shop's server could not be reached.",
                );
              }
              revalidator.revalidate();
            }}
          >
            Mark delivered
          </ConfirmButton>
        ) : null}
        {write && s.canShip ? (
          s.carriers.length > 0 ? (
            <ShipForm key={s.version} code={order.code} shipping={s} />
          ) : (
            <p className="text-slate-700">Add a courier under Couriers before shipping.</p>
          )
        ) : null}
      </div>
    </Card>
  );
}
