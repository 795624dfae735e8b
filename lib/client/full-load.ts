/**
 * A full page load at `path`. The root layout reads the session on the server, so signing
 * in or out loads the app anew instead of navigating inside the one already loaded.
 */
export function loadAppAt(path: string): void {
  window.location.assign(path);
}
