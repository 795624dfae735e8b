import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

/** The owner account the suite's server gets before any spec runs (e2e/auth.setup.ts). */
export const E2E_ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "e2e-admin-password" };

/** Where the signed-in admin's browser state is kept: every spec starts from it (playwright.config.ts). */
export const ADMIN_STATE = path.join(__dirname, "..", "..", ".e2e", "auth", `${(process.env.NEXT_DIST_DIR || ".next").replace(/^\.+/, "") || "next"}-admin.json`);

/** Makes the owner account on a fresh server (from this machine, so allowed) and signs `request`'s context in. */
export async function createOwner(request: APIRequestContext, baseUrl = "", owner = E2E_ADMIN): Promise<void> {
  const res = await request.post(`${baseUrl}/api/setup`, { data: owner });
  expect(res.status(), await res.text()).toBe(201);
}

/** Adds a person as an admin would (the request context must be an admin's). */
export async function addUser(request: APIRequestContext, user: { name: string; email: string; role: string; password: string }, baseUrl = ""): Promise<{ id: string }> {
  const res = await request.post(`${baseUrl}/api/users`, { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
