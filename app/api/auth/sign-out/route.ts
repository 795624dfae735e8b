import { actorIfAny, withErrors } from "@/lib/http";
import { signOut } from "@/lib/services/sign-in";

export const dynamic = "force-dynamic";

/** End this browser's session (its cookie is cleared). */
export const POST = withErrors(async (request: Request) => signOut(request, actorIfAny(request)));
