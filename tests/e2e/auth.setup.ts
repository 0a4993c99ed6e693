// Signs each role of ROLE_STATE in once per run, through the same forms a person uses, and
// keeps the browser state for the specs (roles.ts). Customer sessions end after the store's idle
// minutes (30 in the demo store), so a run that outlasts them with no use would sign maria out:
// the tests using her keep the session busy, and a shard runs well under that.
import { test as setup } from "@playwright/test";
import { ACCOUNTS, signInOnPage } from "./account-helpers";
import { DEMO_OWNER, DEMO_STAFF_MEMBER, signInAdmin } from "./admin-helpers";
import { ROLE_STATE } from "./roles";

setup("maria signs in on the main store", async ({ page }) => {
  await signInOnPage(page, "localhost", ACCOUNTS.maria.username, ACCOUNTS.maria.password);
  await page.context().storageState({ path: ROLE_STATE.maria });
});

setup("the owner signs in to the back office", async ({ page }) => {
  await signInAdmin(page, DEMO_OWNER);
  await page.context().storageState({ path: ROLE_STATE.owner });
});

setup("the member of staff signs in to the back office", async ({ page }) => {
  await signInAdmin(page, DEMO_STAFF_MEMBER);
  await page.context().storageState({ path: ROLE_STATE.staff });
});
