import "server-only";
/**
 * The signed-in person behind a page request (server components): the same check the API
 * makes, from the request's headers. Pages other than sign-in and setup are behind it:
 * anonymous visitors are sent to sign in (or, on a fresh install, to owner setup).
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { storage } from "@/lib/db";
import { describeMe, type MeDto } from "@/lib/services/account";
import { authenticate } from "./authenticate";

/** Pages anyone may open. */
export const OPEN_PAGES = ["/sign-in", "/setup"];

/** The page's path and query, as the proxy recorded them (`x-switchyard-path`). */
export async function pagePath(): Promise<string> {
  return (await headers()).get("x-switchyard-path") ?? "/";
}

/** The visitor, or null (no session, or one that ended). */
export async function pageViewer(): Promise<MeDto | null> {
  const h = await headers();
  const request = new Request(`http://${h.get("host") ?? "localhost"}/`, { headers: h });
  const actor = await authenticate(request).catch(() => null);
  return actor ? describeMe(actor) : null;
}

/** The visitor; anonymous ones are redirected to owner setup or sign-in (and back here after). */
export async function requireViewer(): Promise<MeDto> {
  const viewer = await pageViewer();
  if (viewer) return viewer;
  if ((await storage().users.count()) === 0) redirect("/setup");
  const path = await pagePath();
  redirect(path === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(path)}`);
}
