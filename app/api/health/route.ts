/** Liveness: answered without a database read or a sign-in. */
export function GET() {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}
