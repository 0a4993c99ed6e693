// The write-only credentials: each shows only whether it is set and since when; a new value
// replaces it, "Clear" removes it. The ERP API key is made by the server and shown once.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import type * as contract from "../../../core/api/admin/settings";
import type { ApiOutput } from "../../../core/api/endpoint";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { AdminForm, SubmitButton } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { CheckboxField, SelectField, TextField } from "../ui/fields";
import { Badge, Card } from "../ui/Page";

export type CredentialsView = ApiOutput<typeof contract.credentials>;

const stateText = (item: CredentialsView["items"][number]) =>
  item.set ? (item.setAt ? `Set on ${formatDateTime(item.setAt)}` : "Set") : "Not set";

export function CredentialsCard({ view }: { view: CredentialsView }) {
  const revalidator = useRevalidator();
  const [shownKey, setShownKey] = useState<string | null>(null);
  const secrets = view.items.filter((i) => i.name !== "apiKey");
  const apiKey = view.items.find((i) => i.name === "apiKey");
  return (
    <>
      <Card title="Payment and Google credentials">
        <p className="mb-4 text-sm text-slate-700">
          These are never shown again once saved. Type a new value to replace one; leave a field empty to keep
          it.
        </p>
        <AdminForm intent="credentials" className="space-y-4" aria-label="Credentials">
          <SelectField
            name="paymentProvider"
            label="Payment provider"
            hint="Test takes no real money (demo and staging shops); Viva takes card payments."
            defaultValue={view.paymentProvider}
            options={[
              { value: "test", label: "Test (no real payments)" },
              { value: "viva", label: "Viva" },
            ]}
          />
          {/* New after each save: a typed secret does not stay in the page. */}
          <div key={secrets.map((s) => `${s.set}${s.setAt}`).join()} className="grid gap-4 sm:grid-cols-2">
            {secrets.map((item) => (
              <div key={item.name} className="rounded-md border border-slate-200 p-3">
                <TextField
                  name={item.name}
                  label={item.label}
                  type="password"
                  autoComplete="new-password"
                  hint={`${item.help} ${stateText(item)}.`}
                />
                {item.set ? (
                  <CheckboxField
                    name={`clear.${item.name}`}
                    label={`Clear the ${item.label.toLowerCase()}`}
                    className="mt-2"
                  />
                ) : null}
              </div>
            ))}
          </div>
          <TextField
            name="googlePlaceId"
            label="Google place id"
            hint="Which Google Maps place's reviews the shop shows; empty shows none."
            defaultValue={view.googlePlaceId ?? ""}
            autoComplete="off"
          />
          <SubmitButton>Save credentials</SubmitButton>
        </AdminForm>
      </Card>
      <Card title="ERP API key">
        <p className="text-sm text-slate-700">
          {apiKey?.help}{" "}
          <Badge tone={apiKey?.set ? "green" : "grey"}>{apiKey ? stateText(apiKey) : "Not set"}</Badge>
        </p>
        {shownKey ? (
          <div className="mt-3 rounded-md border border-amber-600 bg-amber-50 p-3" role="status">
            <p className="text-sm font-semibold text-amber-900">Copy this key now: it is not shown again.</p>
            <label htmlFor="new-api-key" className="mt-2 block text-sm font-medium text-slate-800">
              New ERP API key
            </label>
            <input
              id="new-api-key"
              readOnly
              value={shownKey}
              onFocus={(e) => e.currentTarget.select()}
              className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
            />
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <ConfirmButton
            tone={apiKey?.set ? "danger" : "primary"}
            title={apiKey?.set ? "Replace the ERP API key?" : "Make an ERP API key?"}
            message={
              apiKey?.set
                ? "The current key stops working at once: the ERP or till system needs the new key before it can fetch orders again."
                : "The key is shown once; paste it into the ERP or till system."
            }
            confirmLabel={apiKey?.set ? "Replace the key" : "Make the key"}
            onConfirm={async () => {
              try {
                const made = await callAdmin(adminRoutes.settings.rotateApiKey, {});
                setShownKey(made.apiKey);
                toast.success("New API key made. Copy it now.");
                revalidator.revalidate();
              } catch (err) {
                toast.error(err instanceof AdminApiError ? err.message : "Could not make a key.");
              }
            }}
          >
            {apiKey?.set ? "Replace the key" : "Make a key"}
          </ConfirmButton>
          {apiKey?.set ? (
            <ConfirmButton
              tone="secondary"
              title="Remove the ERP API key?"
              message="The ERP or till system can no longer fetch or complete orders until a new key is made."
              confirmLabel="Remove the key"
              onConfirm={async () => {
                try {
                  await callAdmin(adminRoutes.settings.clearApiKey, {});
                  setShownKey(null);
                  toast.success("API key removed.");
                  revalidator.revalidate();
                } catch (err) {
                  toast.error(err instanceof AdminApiError ? err.message : "Could not remove the key.");
                }
              }}
            >
              Remove the key
            </ConfirmButton>
          ) : null}
        </div>
      </Card>
    </>
  );
}
