/** Secrets in tool params (SPEC §12): placeholder scanning, last-moment resolution, redaction. */
export { SECRETS_ROOT, SECRET_NAME_PATTERN, SECRET_TOOL, SECRET_PARAMS, isSecretField, secretNameOf, secretRefsIn, type SecretRef } from "./placeholders";
export { redactSecrets, redactText } from "./redact";
export { KEEP_SECRETS, redactError, withSecrets } from "./with-secrets";
