import { findShortcut, type KeyPress, type ShortcutId } from "./shortcuts";

/** What each shortcut does; a Record, so a shortcut added to the list without an action fails the typecheck. An action returning false did nothing. */
export type ShortcutActions = Record<ShortcutId, () => boolean | void>;

/** Where the key was pressed. */
export interface KeyContext {
  readOnly: boolean;
  /** In a text field: the browser's own editing keeps every key but Save. */
  inField: boolean;
  /** A dialog is open: its keys are its own, Save aside. */
  dialogOpen: boolean;
}

/**
 * Runs the shortcut a key press means, if any; true when the browser's default should be
 * prevented. Ctrl/Cmd+S is always taken, read-only too, so the browser's "save page" never opens.
 */
export function runShortcut(e: KeyPress, where: KeyContext, actions: ShortcutActions): boolean {
  const shortcut = findShortcut(e, where);
  if (!shortcut) return where.readOnly && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s";
  if (!shortcut.inFields && where.dialogOpen) return false;
  return actions[shortcut.id]() !== false;
}
