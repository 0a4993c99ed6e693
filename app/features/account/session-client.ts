// What the sign-in, register and logout buttons do in the browser, around the JSON API.
import type { PublicCustomer } from "../../../core/account";
import { routes } from "../../../core/api/routes";
import { ACCOUNT_TEXT, type FormProblem } from "../../../core/validation/account";
import { ApiError, callApi } from "../../lib/api-client";
import { type FieldMessage, fieldsOf } from "./field-errors";
import { closeLoginModal } from "./login-modal";
import { clearForPriceList, clearLogoutData, markCookiesDate, saveLoginData } from "./storage";

export type Result<T> =
  | { ok: true; value: T }
  | { ok: false; problem: FormProblem; status: number; code: string; fields: FieldMessage[] };

/** Runs an API call and turns failures into the popup texts the server sent (or a generic one). */
export async function call<T>(
  run: () => Promise<T>,
  fallback: string = ACCOUNT_TEXT.somethingWrong,
): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof ApiError) {
      const body = (err.body ?? {}) as { title?: string; message?: string; details?: unknown };
      const title = body.title ?? body.message ?? fallback;
      const text = body.message && body.message !== title ? body.message : undefined;
      // A 5xx has no spec text: show the generic one with the server's words under it.
      if (err.status >= 500)
        return {
          ok: false,
          problem: { title: fallback, text: body.message },
          status: err.status,
          code: err.code,
          fields: [],
        };
      return {
        ok: false,
        problem: { title, text },
        status: err.status,
        code: err.code,
        fields: fieldsOf(body.details),
      };
    }
    return { ok: false, problem: { title: fallback }, status: 0, code: "network", fields: [] };
  }
}

export function login(username: string, password: string, remember: boolean) {
  return call(() => callApi(routes.auth.login, { body: { username, password, remember } }));
}

/**
 * After a successful sign-in (spec section 4): a price-list customer's cart and wishlist are
 * emptied first, the user is stored, the modal closes; the caller then goes to the dashboard
 * and revalidates so header, prices and points come fresh from the server.
 */
export function afterSignIn(customer: PublicCustomer): void {
  if (customer.hasPriceList) clearForPriceList();
  saveLoginData(customer);
  markCookiesDate();
  closeLoginModal();
}

export async function logout(): Promise<void> {
  // Local data goes even if the network fails: the user asked to leave.
  await call(() => callApi(routes.auth.logout, {}));
  clearLogoutData();
}
