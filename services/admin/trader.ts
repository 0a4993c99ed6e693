// The trader's identity in the back office (docs/decisions/0049-trader-identity-and-order-button.md):
// read and saved on its own, as one JSON document in the settings row `trader_identity`, under its
// own version, validated by core/trader-schema.ts, audited with what changed, in one transaction.
import { eq } from "drizzle-orm";
import { fieldMessages } from "../../core/admin/settings";
import { TRADER_SETTING_KEY } from "../../core/trader";
import { parseTraderIdentity, type TraderIdentity, TraderIdentitySchema } from "../../core/trader-schema";
import { settings } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { assertVersion, recordAudit, type StaffActor, versionOf } from "./audit";

export interface TraderView {
  /** Send it back with the save: a change by someone else in between answers 409. */
  version: string;
  /** null: no identity saved yet (the shop shows none). */
  identity: TraderIdentity | null;
}

const viewOf = (stored: string): TraderView => ({
  version: versionOf({ trader: stored }),
  identity: parseTraderIdentity(stored),
});

export async function getTrader(store: StoreContext): Promise<TraderView> {
  const rows = await store.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, TRADER_SETTING_KEY));
  return viewOf(rows[0]?.value ?? "");
}

const LABELS: Record<string, string> = {
  legalName: "Legal name",
  addressLine1: "Street and number",
  addressLine2: "Address, second line",
  postcode: "Postcode",
  city: "Town or city",
  country: "Country",
  email: "Email",
  phone: "Telephone",
  vatNumber: "VAT number",
  registrationNumber: "Registration number",
  registerName: "Register",
};

/**
 * Saves the identity: the row is created empty if missing and locked, the version checked, the
 * whole document validated (a bad field answers 400 with details.fields), and the audit entry
 * written with the changed fields before and after.
 */
export async function saveTrader(
  store: StoreContext,
  actor: StaffActor,
  input: { version: string; identity: unknown },
): Promise<TraderView> {
  return store.db.transaction(async (tx) => {
    // The row exists before it is locked, so two first saves queue on it like any later ones.
    await tx.insert(settings).values({ key: TRADER_SETTING_KEY, value: "" }).onConflictDoNothing();
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, TRADER_SETTING_KEY))
      .for("update");
    const stored = row?.value ?? "";
    assertVersion({ trader: stored }, input.version);

    const parsed = TraderIdentitySchema.safeParse(input.identity);
    if (!parsed.success) {
      const fields = fieldMessages(parsed.error.issues.map((i) => ({ ...i, path: ["identity", ...i.path] })));
      const [path, message] = Object.entries(fields)[0] ?? ["", "Some values are not valid."];
      const label = LABELS[path.split(".")[1] ?? ""];
      throw new ServiceError("invalid", label ? `${label}: ${message}` : message, { details: { fields } });
    }
    const next = parsed.data;
    const before = parseTraderIdentity(stored);
    const changed = (Object.keys(next) as (keyof TraderIdentity)[]).filter(
      (k) => (before?.[k] ?? "") !== next[k],
    );
    if (changed.length === 0 && before) return viewOf(stored);

    const value = JSON.stringify(next);
    await tx.update(settings).set({ value }).where(eq(settings.key, TRADER_SETTING_KEY));
    await recordAudit(tx, actor, {
      action: "settings.trader",
      entity: "settings",
      entityId: store.config.id,
      summary: `Changed the trader's identity: ${changed.map((k) => LABELS[k] ?? k).join(", ")}`,
      before: before ? Object.fromEntries(changed.map((k) => [k, before[k]])) : null,
      after: Object.fromEntries(changed.map((k) => [k, next[k]])),
    });
    return viewOf(value);
  });
}
