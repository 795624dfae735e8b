import { withErrors } from "@/lib/http";
import { signIn } from "@/lib/services/sign-in";

export const dynamic = "force-dynamic";

/** Sign in with email and password: the session cookie is set; rate-limited per address and account. */
export const POST = withErrors(async (request: Request) => signIn(request));
