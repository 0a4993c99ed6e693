// /admin/accept-invite?token=…: an invited member of staff chooses a name and password, then
// signs in. Outside the back office's frame: nobody is signed in yet.
import { useRef } from "react";
import { Link, useFetcher, useLoaderData } from "react-router";
import "../../admin/admin.css";
import { ROLE_LABEL } from "../../../core/admin/permissions";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminLoading } from "../../admin/AdminStatus";
import { type ActionResult, adminAction, invalid } from "../../admin/lib/actions";
import { AdminApiError, callAdmin } from "../../admin/lib/admin-api";
import { loadAdminSession } from "../../admin/session";
import { buttonClass, FormAlert, useResultFeedback } from "../../admin/ui/AdminForm";
import { TextField } from "../../admin/ui/fields";

export function meta() {
  return [
    { title: "Accept your invitation · Back office" },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function clientLoader({ request }: { request: Request }) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const session = await loadAdminSession();
  if (!token)
    return {
      token,
      invitation: null,
      problem: "This link is not complete. Open the link from the mail again.",
      storeName: session.store.name,
    };
  try {
    const invitation = await callAdmin(adminRoutes.staff.invitation, { query: { token } });
    return { token, invitation, problem: null, storeName: session.store.name };
  } catch (err) {
    if (err instanceof AdminApiError && err.status < 500)
      return { token, invitation: null, problem: err.message, storeName: session.store.name };
    throw err;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

type AcceptResult = ActionResult & { email?: string };

export async function clientAction({ request }: { request: Request }): Promise<AcceptResult> {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const name = String(form.get("name") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const missing: Record<string, string> = {};
  if (!name) missing.name = "Enter your name.";
  if (!password) missing.password = "Choose a password.";
  if (Object.keys(missing).length > 0) return invalid(missing);
  return adminAction("Your account is ready. Sign in with your new password.", () =>
    callAdmin(adminRoutes.staff.acceptInvite, { body: { token, name, password, confirm } }),
  );
}

export default function AcceptInvite() {
  const { token, invitation, problem, storeName } = useLoaderData<typeof clientLoader>();
  const fetcher = useFetcher<AcceptResult>();
  const ref = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  useResultFeedback(result, ref);
  const fields = result && !result.ok ? result.fields : {};
  const busy = fetcher.state !== "idle";
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium text-slate-600">{storeName}</p>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Accept your invitation</h1>
        {result?.ok ? (
          <div role="status" className="space-y-4">
            <p className="text-slate-800">Your account is ready. Sign in with your email and new password.</p>
            <Link to="/admin/login" className={buttonClass()}>
              Sign in
            </Link>
          </div>
        ) : invitation ? (
          <fetcher.Form method="post" ref={ref} noValidate className="space-y-4">
            <p className="text-sm text-slate-700">
              You were invited as <strong>{ROLE_LABEL[invitation.role]}</strong> with the email{" "}
              <strong>{invitation.email}</strong>.
            </p>
            <FormAlert result={result} />
            <input type="hidden" name="token" value={token} />
            <TextField
              name="name"
              label="Your name"
              defaultValue={invitation.name}
              autoComplete="name"
              required
              error={fields.name}
            />
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 10 characters, not easy to guess."
              required
              error={fields.password}
            />
            <TextField
              name="confirm"
              label="Repeat the password"
              type="password"
              autoComplete="new-password"
              required
              error={fields.confirm}
            />
            <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
              {busy ? "Saving…" : "Create my account"}
            </button>
          </fetcher.Form>
        ) : (
          <div
            role="alert"
            className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {problem}
          </div>
        )}
      </div>
    </main>
  );
}
