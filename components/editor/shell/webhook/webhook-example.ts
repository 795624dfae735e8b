/**
 * The shell recipe the webhook dialog shows: sign `<timestamp>.<body>` with the secret
 * (HMAC-SHA256, openssl) and POST it with the two headers, as docs/api.md describes.
 */
export function curlExample({ url, secret }: { url: string; secret?: string }): string {
  return [
    `export SWITCHYARD_HOOK_SECRET='${secret ?? "whsec_…"}'`,
    `body='{"ticket": "T-1"}'`,
    "ts=$(date +%s)",
    `sig=$(printf '%s.%s' "$ts" "$body" | openssl dgst -sha256 -hmac "$SWITCHYARD_HOOK_SECRET" | awk '{print $NF}')`,
    `curl -X POST '${url}?wait=30000' \\`,
    "  -H 'Content-Type: application/json' \\",
    '  -H "X-Switchyard-Timestamp: $ts" \\',
    '  -H "X-Switchyard-Signature: sha256=$sig" \\',
    '  --data "$body"',
  ].join("\n");
}
