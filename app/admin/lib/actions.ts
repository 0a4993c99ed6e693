// What a back-office clientAction answers, so every form shows failures the same way: the
// message on top, each named field marked, and a toast when it worked.
import { AdminApiError } from "./admin-api";

/** `warning`: it was saved, but the message tells the owner something the save did not do. */
export type ActionResult<T = unknown> =
  | { ok: true; message: string; warning?: boolean; data?: T }
  | ActionFailure;

export type ActionFailure = { ok: false; message: string; fields: Record<string, string>; status: number };

/** Runs a save; an AdminApiError becomes a failed result (anything else is a bug and is thrown). */
export async function adminAction<T>(
  successMessage: string | ((data: T) => string | { warning: string }),
  run: () => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    const data = await run();
    const said = typeof successMessage === "function" ? successMessage(data) : successMessage;
    return typeof said === "string"
      ? { ok: true, message: said, data }
      : { ok: true, message: said.warning, warning: true, data };
  } catch (err) {
    if (err instanceof AdminApiError)
      return { ok: false, message: err.message, fields: err.fields, status: err.status };
    if (err instanceof TypeError)
      return {
        ok: false,
        message: "The shop's server could not be reached. Check the connection and try again.",
        fields: {},
        status: 0,
      };
    throw err;
  }
}

/** A failed result for a problem found in the browser before anything was sent. */
export function invalid(
  fields: Record<string, string>,
  message = "Please correct the marked fields.",
): ActionFailure {
  return { ok: false, message, fields, status: 400 };
}
