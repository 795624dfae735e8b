"use client";
import { useCallback, useEffect, useState } from "react";
import { deleteWebhook, getWebhook, makeWebhook, setWebhookEnabled, type Webhook } from "@/lib/client/webhooks";

export interface WebhookState {
  /** undefined while loading; null when the workflow has none. */
  hook: Webhook | null | undefined;
  /** The secret, only right after making or rotating it (it is never shown again). */
  secret: string | null;
  error: string | null;
  busy: boolean;
  make: () => Promise<void>;
  setEnabled: (enabled: boolean) => Promise<void>;
  remove: () => Promise<void>;
  /** Drops the secret and any message (on closing the dialog). */
  forget: () => void;
}

/** The workflow's webhook, loaded each time the dialog opens; `forget` on closing it drops the secret. */
export function useWebhook(workflowId: string, open: boolean): WebhookState {
  const [hook, setHook] = useState<Webhook | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    getWebhook(workflowId).then(
      (h) => live && setHook(h),
      (err: unknown) => live && setError(err instanceof Error ? err.message : "The webhook could not be loaded."),
    );
    return () => {
      live = false;
    };
  }, [open, workflowId]);

  const act = useCallback(async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work; try again.");
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    hook, secret, error, busy,
    make: () => act(async () => {
      const made = await makeWebhook(workflowId);
      setHook(made.hook);
      setSecret(made.secret);
    }),
    setEnabled: (enabled) => act(async () => setHook(await setWebhookEnabled(workflowId, enabled))),
    remove: () => act(async () => {
      await deleteWebhook(workflowId);
      setHook(null);
      setSecret(null);
    }),
    forget: () => {
      setSecret(null);
      setError(null);
    },
  };
}
