import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { ADMIN_STATE, createOwner } from "./pages/accounts";

// The suite's server starts with no account: make the owner, and keep the signed-in state
// every other spec starts from (identity.spec.ts tries first-run setup on a server of its own).
setup("the owner account, signed in", async ({ request }) => {
  await createOwner(request);
  mkdirSync(path.dirname(ADMIN_STATE), { recursive: true });
  await request.storageState({ path: ADMIN_STATE });
});
