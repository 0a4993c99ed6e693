// /admin/reset-password: without a token, a member of staff asks for a link by email; with the
// mailed link's token, they choose a new password (every session of the account ends).
import { useRef } from "react";
import { Link, useFetcher, useLoaderData } from "react-router";
import "../../admin/admin.css";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminLoading } from "../../admin/AdminStatus";
import { type ActionResult, adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadAdminSession } from "../../admin/session";
import { buttonClass, FormAlert, useResultFeedback } from "../../admin/ui/AdminForm";
import { TextField } from "../../admin/ui/fields";

export function meta() {
  return [{ title: "New password · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const session = await loadAdminSession();
  return {
    token: new URL(request.url).searchParams.get("token")?.trim() ?? "",
    storeName: session.store.name,
  };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export async function clientAction({ request }: { request: Request }): Promise<ActionResult> {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  if (!token) {
    const email = String(form.get("email") ?? "").trim();
    if (!email) return invalid({ email: "Enter your email." });
    // The server's answer is the message: the same whether the email has an account or not.
    const sent = await adminAction("", () => callAdmin(adminRoutes.auth.forgot, { body: { email } }));
    return sent.ok ? { ok: true, message: sent.data?.message ?? "" } : sent;
  }
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  if (!password) return invalid({ password: "Choose a password." });
  return adminAction("Your new password is set. Sign in with it.", () =>
    callAdmin(adminRoutes.auth.reset, { body: { token, password, confirm } }),
  );
}

export default function ResetPassword() {
  const { token, storeName } = useLoaderData<typeof clientLoader>();
  const fetcher = useFetcher<ActionResult>();
  const ref = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  useResultFeedback(result, ref);
  const fields = result && !result.ok ? result.fields : {};
  const busy = fetcher.state !== "idle";
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium text-slate-600">{storeName}</p>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">
          {token ? "Choose a new password" : "Forgot your password?"}
        </h1>
        {result?.ok ? (
          <div role="status" className="space-y-4">
            <p className="text-slate-800">{result.message}</p>
            {token ? (
              <Link to="/admin/login" className={buttonClass()}>
                Sign in
              </Link>
            ) : null}
          </div>
        ) : (
          <fetcher.Form method="post" ref={ref} noValidate className="space-y-4">
            <FormAlert result={result} />
            {token ? (
              <>
                <input type="hidden" name="token" value={token} />
                <TextField
                  name="password"
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  hint="At least 10 characters, not easy to guess. You will be signed out everywhere."
                  required
                  error={fields.password}
                />
                <TextField
                  name="confirm"
                  label="Repeat the new password"
                  type="password"
                  autoComplete="new-password"
                  required
                  error={fields.confirm}
                />
              </>
            ) : (
              <>
                <p className="text-sm text-slate-700">We will mail you a link to choose a new one.</p>
                <TextField
                  name="email"
                  label="Email"
                  type="email"
                  autoComplete="username"
                  required
                  error={fields.email}
                />
              </>
            )}
            <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
              {busy ? "Sending…" : token ? "Set the new password" : "Send me a link"}
            </button>
          </fetcher.Form>
        )}
        <p className="mt-4 text-sm text-slate-600">
          <Link to="/admin/login" className="text-indigo-800 underline">
            Back to sign-in
          </Link>
        </p>
      </div>
    </main>
  );
}
