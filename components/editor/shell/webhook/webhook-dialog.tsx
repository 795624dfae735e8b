"use client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useWebhook } from "./use-webhook";
import { WebhookDetails } from "./webhook-details";

/**
 * The workflow's webhook, for editors: make it, turn it on and off, rotate its secret,
 * delete it. A call to its URL starts a run with the JSON body as input, signed with the
 * secret (shown once, right after it is made or rotated).
 */
export function WebhookDialog({ open, onClose, workflowId }: { open: boolean; onClose: () => void; workflowId: string }) {
  const { hook, secret, error, busy, make, setEnabled, remove, forget } = useWebhook(workflowId, open);
  const close = () => {
    forget();
    onClose();
  };
  const rotate = () => window.confirm("Make a new secret? The current one stops working at once.") && void make();
  const del = () => window.confirm("Delete this webhook? Its URL stops working; a new webhook gets a new URL.") && void remove();

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Webhook"
      testId="webhook-dialog"
      wide
      footer={
        <>
          {hook && (
            <>
              <Button variant="danger" onClick={del} disabled={busy} data-testid="webhook-delete" className="mr-auto">
                Delete
              </Button>
              <Button onClick={rotate} disabled={busy} data-testid="webhook-rotate">
                Rotate secret
              </Button>
            </>
          )}
          <Button variant={hook === null ? "ghost" : "primary"} onClick={close} data-testid="webhook-close">
            Close
          </Button>
          {hook === null && (
            <Button variant="primary" onClick={() => void make()} disabled={busy} data-testid="webhook-create">
              Create webhook
            </Button>
          )}
        </>
      }
    >
      {hook === undefined && !error && <p className="text-slate-500">Loading…</p>}
      {hook === null && (
        <p data-testid="webhook-none">
          Start runs of this workflow from another system: a webhook gets its own URL and secret. Each call posts a JSON object, which becomes the run&apos;s input,
          signed with the secret (or sending it in a header). No account is needed to call it; the runs and the audit trail name the webhook.
        </p>
      )}
      {hook && <WebhookDetails hook={hook} secret={secret} busy={busy} onEnabled={(enabled) => void setEnabled(enabled)} />}
      {error && (
        <p className="mt-3 rounded-md bg-red-50 p-3 text-xs text-red-800 ring-1 ring-red-100" role="alert" data-testid="webhook-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
