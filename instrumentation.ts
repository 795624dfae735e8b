/**
 * Next.js calls `register()` once when a server instance starts. In the Node.js runtime it
 * starts the engine host (lib/runtime/host), whose run runtime resumes runs a previous
 * process left running (SPEC §5) and keeps sweeping for orphans; the edge runtime has no
 * database and does nothing.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { engineHost } = await import("./lib/runtime/host");
  engineHost();
}
