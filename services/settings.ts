// Reads a store's settings rows and page-content image that the derived settings need.
import { eq } from "drizzle-orm";
import { deriveSettings, type RawSettings, type StoreSettings } from "../core/settings";
import { TRADER_SETTING_KEY } from "../core/trader";
import { parseTraderIdentity } from "../core/trader-schema";
import { pageContent, settings } from "../db/store/schema";
import type { StoreDb } from "./context";

export async function loadSettings(db: StoreDb, imgFolder: string): Promise<StoreSettings> {
  const [rows, homeImage] = await Promise.all([
    db.select().from(settings),
    db
      .select({ img: pageContent.img })
      .from(pageContent)
      .where(eq(pageContent.position, "home page categories image")),
  ]);
  const raw: RawSettings = {};
  for (const row of rows) raw[row.key] = row.value;
  return deriveSettings({
    raw,
    imgFolder,
    homeCategoriesImage: homeImage[0]?.img ?? null,
    trader: parseTraderIdentity(raw[TRADER_SETTING_KEY]),
  });
}
