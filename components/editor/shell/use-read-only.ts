"use client";
import { useCan } from "@/components/auth/session-context";

/**
 * Whether the editor shows the workflow without letting it change: for a signed-in role
 * without `edit` (viewers, approvers). The server refuses their saves either way; this keeps
 * the canvas and inspector from offering edits that could never be saved.
 */
export function useReadOnly(): boolean {
  return !useCan("edit");
}
