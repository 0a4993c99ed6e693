// The ERP webhook: the address placed and paid orders are posted to, the signing secret (shown
// once, when made; only set/not set afterwards) and how the deliveries are going, so the owner sees
// when the ERP stops acknowledging them.
import { useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import type * as contract from "../../../core/api/admin/settings";
import type { ApiOutput } from "../../../core/api/endpoint";
import type { ActionResult } from "../lib/actions";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { AdminForm, buttonClass, SubmitButton } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { TextField } from "../ui/fields";
import { Badge, Card, DetailList } from "../ui/Page";

export type WebhookView = ApiOutput<typeof contract.webhook>;

function ShownSecret({ secret }: { secret: string }) {
  return (
    <div className="mt-3 rounded-md border border-amber-600 bg-amber-50 p-3" role="status">
      <p className="text-sm font-semibold text-amber-900">
        Copy this signing secret now: it is not shown again.
      </p>
      <label htmlFor="new-webhook-secret" className="mt-2 block text-sm font-medium text-slate-800">
        New webhook signing secret
      </label>
      <input
        id="new-webhook-secret"
        readOnly
        value={secret}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
      />
    </div>
  );
}

export function WebhookCard({ view }: { view: WebhookView }) {
  const revalidator = useRevalidator();
  const fetcher = useFetcher<ActionResult<{ secret: string | null }>>();
  const [madeSecret, setMadeSecret] = useState<string | null>(null);
  const savedSecret = fetcher.data?.ok ? (fetcher.data.data?.secret ?? null) : null;
  const shownSecret = madeSecret ?? savedSecret;
  const d = view.deliveries;
  const failing = d.failing > 0;
  return (
    <>
      <Card title="Address and signing secret">
        <p className="mb-4 text-sm text-slate-700">
          Each order that is placed or paid is posted to this address for the ERP, signed with the secret
          below, and sent again until the ERP answers that it got it. Leave the address empty to stop sending
          orders.
        </p>
        <AdminForm intent="webhook" fetcher={fetcher} className="space-y-4" aria-label="ERP webhook">
          <TextField
            name="url"
            label="Webhook address"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://erp.example.com/hooks/orders"
            defaultValue={view.url ?? ""}
            hint="An https:// address (http:// only for this machine)."
          />
          <SubmitButton>Save the address</SubmitButton>
        </AdminForm>
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Signing secret</h3>
          <p className="mt-1 text-sm text-slate-700">
            The ERP checks each order's X-Webhook-Signature with it.{" "}
            <Badge tone={view.secretSet ? "green" : "grey"}>
              {view.secretSet
                ? view.secretSetAt
                  ? `Set on ${formatDateTime(view.secretSetAt)}`
                  : "Set"
                : "Not set"}
            </Badge>
          </p>
          {shownSecret ? <ShownSecret secret={shownSecret} /> : null}
          <div className="mt-3">
            <ConfirmButton
              tone={view.secretSet ? "danger" : "primary"}
              title={view.secretSet ? "Replace the signing secret?" : "Make a signing secret?"}
              message={
                view.secretSet
                  ? "Orders are signed with the new secret at once: the ERP refuses them until it has the new secret too."
                  : "The secret is shown once; paste it into the ERP."
              }
              confirmLabel={view.secretSet ? "Replace the secret" : "Make the secret"}
              onConfirm={async () => {
                try {
                  const made = await callAdmin(adminRoutes.settings.rotateWebhookSecret, {});
                  setMadeSecret(made.secret);
                  toast.success("New signing secret made. Copy it now.");
                  revalidator.revalidate();
                } catch (err) {
                  toast.error(err instanceof AdminApiError ? err.message : "Could not make a secret.");
                }
              }}
            >
              {view.secretSet ? "Make a new signing secret" : "Make a signing secret"}
            </ConfirmButton>
          </div>
        </div>
      </Card>
      <Card
        title="Webhook deliveries"
        actions={
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state !== "idle"}
          >
            {revalidator.state !== "idle" ? "Refreshing…" : "Refresh"}
          </button>
        }
      >
        {!view.url && d.pending + d.failing > 0 ? (
          <p className="mb-3 text-sm text-amber-900">
            No address is set: the orders waiting are sent once one is.
          </p>
        ) : null}
        <DetailList
          items={[
            { term: "Waiting to be sent", value: String(d.pending) },
            {
              term: "Not acknowledged yet",
              value: failing ? (
                <Badge tone="red">{`${d.failing} failing, retried automatically`}</Badge>
              ) : (
                "0"
              ),
            },
            { term: "Delivered in the last 24 hours", value: String(d.delivered24h) },
            {
              term: "Oldest order waiting",
              value: d.oldestWaitingAt ? `Since ${formatDateTime(d.oldestWaitingAt)}` : "None",
            },
            {
              term: "Last error",
              value: d.lastError ? (
                <span className="break-words">
                  <span className="font-mono text-xs">{d.lastError.id}</span>: {d.lastError.message}{" "}
                  <span className="text-slate-600">
                    ({d.lastError.attempts} {d.lastError.attempts === 1 ? "attempt" : "attempts"}, next{" "}
                    {formatDateTime(d.lastError.nextAttemptAt)})
                  </span>
                </span>
              ) : (
                "None"
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
