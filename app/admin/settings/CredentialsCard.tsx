// The write-only credentials: each shows only whether it is set and since when; a new value
// replaces it, "Clear" removes it. The ERP API key is made by the server and shown once.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import type * as contract from "../../../core/api/admin/settings";
import type { ApiOutput } from "../../../core/api/endpoint";
import { socialCallbackPath } from "../../../core/social-sign-in";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { AdminForm, SubmitButton } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { CheckboxField, SelectField, TextField } from "../ui/fields";
import { Badge, Card } from "../ui/Page";

export type CredentialsView = ApiOutput<typeof contract.credentials>;

const SOCIAL_SECRETS = ["googleClientSecret", "facebookAppSecret"] as const;

/** "Payment auth" reads "payment auth" mid-sentence; names (Google, Facebook, ERP) keep their capitals. */
const sentenceCase = (label: string) =>
  /^(Google|Facebook|ERP)\b/.test(label) ? label : label.toLowerCase();

const stateText = (item: CredentialsView["items"][number]) =>
  item.set ? (item.setAt ? `Set on ${formatDateTime(item.setAt)}` : "Set") : "Not set";

/** One secret: its write-only field, whether it is set, and a box to clear it. */
function SecretField({ item }: { item: CredentialsView["items"][number] }) {
  return (
    <>
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
          label={`Clear the ${sentenceCase(item.label)}`}
          className="mt-2"
        />
      ) : null}
    </>
  );
}

/**
 * Sign-in with Google and Facebook: the ids in the open, the secrets write-only, and the exact
 * address to register at each provider (the one this page is on; each other domain of the shop
 * needs its own).
 */
function SocialSignInCard({ view }: { view: CredentialsView }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const providers = [
    {
      key: "google" as const,
      title: "Google",
      idName: "googleClientId",
      idLabel: "Google client id",
      id: view.googleClientId,
      where: "Google Cloud console → APIs & Services → Credentials → OAuth client (web application)",
      secret: view.items.find((i) => i.name === "googleClientSecret"),
    },
    {
      key: "facebook" as const,
      title: "Facebook",
      idName: "facebookAppId",
      idLabel: "Facebook app id",
      id: view.facebookAppId,
      where: "Meta for Developers → your app → Facebook Login → Settings → Valid OAuth Redirect URIs",
      secret: view.items.find((i) => i.name === "facebookAppSecret"),
    },
  ];
  return (
    <Card title="Sign in with Google and Facebook">
      <p className="mb-4 text-sm text-slate-700">
        A button shows on the login page once both values of its provider are saved. Secrets are never shown
        again.
      </p>
      <AdminForm intent="credentials" className="space-y-4" aria-label="Social sign-in">
        <div
          key={providers.map((p) => `${p.secret?.set}${p.secret?.setAt}`).join()}
          className="grid gap-4 sm:grid-cols-2"
        >
          {providers.map((p) => (
            <fieldset key={p.key} className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">
                {p.title}{" "}
                <Badge tone={p.id && p.secret?.set ? "green" : "grey"}>
                  {p.id && p.secret?.set ? "On" : "Off"}
                </Badge>
              </legend>
              <TextField name={p.idName} label={p.idLabel} defaultValue={p.id ?? ""} autoComplete="off" />
              {p.secret ? <SecretField item={p.secret} /> : null}
              <p className="text-xs text-slate-700">
                Redirect URI to register ({p.where}):{" "}
                <code
                  className="break-all rounded bg-slate-100 px-1 py-0.5 text-slate-900"
                  data-testid={`redirect-uri-${p.key}`}
                >
                  {origin}
                  {socialCallbackPath(p.key)}
                </code>
              </p>
            </fieldset>
          ))}
        </div>
        <SubmitButton>Save sign-in settings</SubmitButton>
      </AdminForm>
    </Card>
  );
}

export function CredentialsCard({ view }: { view: CredentialsView }) {
  const revalidator = useRevalidator();
  const [shownKey, setShownKey] = useState<string | null>(null);
  const secrets = view.items.filter(
    (i) => !(SOCIAL_SECRETS as readonly string[]).includes(i.name) && i.name !== "apiKey",
  );
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
                <SecretField item={item} />
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
      <SocialSignInCard view={view} />
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
