import type { HealthAnswer } from "@/lib/services/health-answers";

/** Liveness: answered without a database read or a sign-in. */
export function GET() {
  return Response.json({ ok: true } satisfies HealthAnswer, { headers: { "cache-control": "no-store" } });
}
