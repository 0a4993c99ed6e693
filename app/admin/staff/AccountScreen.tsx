// The signed-in staff member's own account: name, password and two-factor sign-in.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { ROLE_LABEL } from "../../../core/admin/permissions";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { AdminForm, buttonClass, SubmitButton } from "../ui/AdminForm";
import { TextField } from "../ui/fields";
import { Card, DetailList, PageHeader } from "../ui/Page";

export async function loadAccount() {
  return callAdmin(adminRoutes.auth.me, {});
}

export type AccountScreenData = Awaited<ReturnType<typeof loadAccount>>;

type Setup = { secret: string; qrSvg: string };

export function AccountScreen({ data }: { data: AccountScreenData }) {
  const me = data;
  const [setup, setSetup] = useState<Setup | null>(null);
  const revalidator = useRevalidator();
  return (
    <>
      <PageHeader title="Your account" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Details">
          <DetailList
            items={[
              { term: "Name", value: me.name },
              { term: "Email", value: me.email },
              { term: "Role", value: ROLE_LABEL[me.role] },
              { term: "Password changed", value: formatDateTime(me.passwordChangedAt) },
            ]}
          />
        </Card>
        <Card title="Change password">
          <AdminForm intent="password" className="space-y-4" aria-label="Change password">
            <TextField
              name="current"
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
            />
            <TextField
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 10 characters, not easy to guess. Your other sessions will be signed out."
              required
            />
            <TextField
              name="confirm"
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              required
            />
            <SubmitButton>Change password</SubmitButton>
          </AdminForm>
        </Card>
        <Card title="Two-factor sign-in" className="lg:col-span-2">
          {me.totpEnabled ? (
            <>
              <p className="mb-4 text-sm text-slate-700">
                On: signing in asks for the code of your authenticator app as well as your password.
              </p>
              <AdminForm
                intent="totp-disable"
                className="flex flex-wrap items-end gap-3"
                aria-label="Turn two-factor off"
              >
                <TextField
                  name="password"
                  label="Your password, to turn it off"
                  type="password"
                  autoComplete="current-password"
                />
                <SubmitButton tone="danger">Turn two-factor off</SubmitButton>
              </AdminForm>
            </>
          ) : setup ? (
            <div className="grid gap-4 md:grid-cols-[12rem_1fr]">
              {/* The SVG is made by the server from the secret's otpauth URI (qrcode package). */}
              <div
                role="img"
                aria-label="QR code of the two-factor secret"
                className="size-48 [&>svg]:size-full"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG our own server generated, no user input
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
              <div>
                <p className="text-sm text-slate-700">
                  Scan the code with an authenticator app (or type the key{" "}
                  <code className="break-all font-mono">{setup.secret}</code>), then enter the 6-digit code it
                  shows.
                </p>
                <AdminForm
                  intent="totp-enable"
                  className="mt-3 flex flex-wrap items-end gap-3"
                  aria-label="Confirm two-factor"
                >
                  <TextField
                    name="code"
                    label="Code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                  />
                  <SubmitButton>Turn two-factor on</SubmitButton>
                </AdminForm>
              </div>
            </div>
          ) : (
            <>
              <p className="mb-4 text-sm text-slate-700">
                Off. Add a second step to your sign-in with an authenticator app.
              </p>
              <button
                type="button"
                className={buttonClass()}
                onClick={async () => {
                  try {
                    setSetup(await callAdmin(adminRoutes.auth.totpBegin, {}));
                  } catch (err) {
                    toast.error(err instanceof AdminApiError ? err.message : "Could not start the setup.");
                    revalidator.revalidate();
                  }
                }}
              >
                Set up two-factor
              </button>
            </>
          )}
        </Card>
      </div>
    </>
  );
}
