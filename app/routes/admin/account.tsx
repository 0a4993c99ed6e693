// /admin/account: one's own password and two-factor sign-in.
import { useState } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { toast } from "sonner";
import { ROLE_LABEL } from "../../../core/admin/permissions";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { adminAction, invalid } from "../../admin/lib/actions";
import { AdminApiError, callAdmin } from "../../admin/lib/admin-api";
import { formatDateTime } from "../../admin/lib/format";
import { AdminForm, buttonClass, SubmitButton } from "../../admin/ui/AdminForm";
import { TextField } from "../../admin/ui/fields";
import { Card, DetailList, PageHeader } from "../../admin/ui/Page";

export function meta() {
  return [{ title: "Your account · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return callAdmin(adminRoutes.auth.me, {});
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "password") {
    const current = String(form.get("current") ?? "");
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirm") ?? "");
    if (!current) return invalid({ current: "Enter your current password." });
    return adminAction("Password changed. Your other sessions were signed out.", () =>
      callAdmin(adminRoutes.auth.password, { body: { current, password, confirm } }),
    );
  }
  if (intent === "totp-enable") {
    const code = String(form.get("code") ?? "").trim();
    return adminAction("Two-factor sign-in is on.", () =>
      callAdmin(adminRoutes.auth.totpEnable, { body: { code } }),
    );
  }
  if (intent === "totp-disable") {
    const password = String(form.get("password") ?? "");
    return adminAction("Two-factor sign-in is off.", () =>
      callAdmin(adminRoutes.auth.totpDisable, { body: { password } }),
    );
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Setup = { secret: string; qrSvg: string };

export default function AdminAccount() {
  const me = useLoaderData<typeof clientLoader>();
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
