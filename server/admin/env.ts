import type { StaffActor } from "../../services/admin/audit";
import type { AppEnv } from "../http/env";

/** The back office's request variables: the store's (AppEnv) and the staff session's. */
export type AdminEnv = {
  Variables: Omit<AppEnv["Variables"], "session" | "customer"> & {
    /** The signed-in member of staff, or null. */
    staff: StaffActor | null;
    /** The staff cookie's token (a session row may or may not exist for it). */
    staffToken: string;
    /** The CSRF token bound to staffToken; writes send it in x-csrf-token. */
    staffCsrf: string;
    /** Set-Cookie values for the response. */
    staffCookies: string[];
  };
};
