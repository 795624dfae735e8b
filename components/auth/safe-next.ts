/** Where to go after signing in: a path of this site only (never `//other.host` or a URL). */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  if (raw.startsWith("/sign-in") || raw.startsWith("/setup")) return "/";
  return raw;
}
