/**
 * Every editor keyboard shortcut in one list: the key handler (use-editor-shortcuts.ts)
 * finds what to do in it, and the shortcut sheet and the inspector's hint print it, so
 * what the sheet says is what the keys do.
 */

/** What a shortcut does; the handler maps each to an action, exhaustively. */
export type ShortcutId =
  | "save"
  | "undo"
  | "redo"
  | "copy"
  | "paste"
  | "selectAll"
  | "deleteSelection"
  | "zoomToSelection"
  | "togglePalette"
  | "toggleInspector"
  | "showShortcuts";

/** One key combination. `mod` is Ctrl (⌘ on a Mac); `shift` unset means either. */
export interface KeyCombo {
  key: string;
  mod?: boolean;
  shift?: boolean;
}

export interface Shortcut {
  id: ShortcutId;
  combos: readonly KeyCombo[];
  label: string;
  group: "Editing" | "View" | "Help";
  /** Changes the graph: not offered in a read-only editor. */
  edits: boolean;
  /** Also from inside a text field (only Save: typing keeps every other key). */
  inFields?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: "save", combos: [{ key: "s", mod: true }], label: "Save", group: "Editing", edits: true, inFields: true },
  { id: "undo", combos: [{ key: "z", mod: true, shift: false }], label: "Undo", group: "Editing", edits: true },
  { id: "redo", combos: [{ key: "z", mod: true, shift: true }, { key: "y", mod: true }], label: "Redo", group: "Editing", edits: true },
  { id: "copy", combos: [{ key: "c", mod: true }], label: "Copy the selection", group: "Editing", edits: false },
  { id: "paste", combos: [{ key: "v", mod: true }], label: "Paste", group: "Editing", edits: true },
  { id: "selectAll", combos: [{ key: "a", mod: true }], label: "Select all", group: "Editing", edits: false },
  { id: "deleteSelection", combos: [{ key: "Delete" }, { key: "Backspace" }], label: "Delete the selection", group: "Editing", edits: true },
  { id: "zoomToSelection", combos: [{ key: "f", shift: false }], label: "Zoom to the selection (or the whole graph)", group: "View", edits: false },
  { id: "togglePalette", combos: [{ key: "[" }], label: "Show or hide the node palette", group: "View", edits: false },
  { id: "toggleInspector", combos: [{ key: "]" }], label: "Show or hide the inspector", group: "View", edits: false },
  { id: "showShortcuts", combos: [{ key: "?" }], label: "Show the keyboard shortcuts", group: "Help", edits: false },
];

/** The parts of a KeyboardEvent a shortcut looks at. */
export type KeyPress = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">;

/**
 * Whether a key press is this combination. Ctrl+Alt is AltGr on Windows (how many layouts
 * type `[`, `]` and `?`), so it counts as no modifier.
 */
export function matchesCombo(combo: KeyCombo, e: KeyPress): boolean {
  const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
  if (mod !== (combo.mod ?? false)) return false;
  if (combo.shift !== undefined && combo.shift !== e.shiftKey) return false;
  return combo.key.length === 1 ? e.key.toLowerCase() === combo.key : e.key === combo.key;
}

/** The shortcut a key press means here, or null: read-only leaves out what edits, a text field all but Save. */
export function findShortcut(e: KeyPress, where: { readOnly: boolean; inField: boolean }): Shortcut | null {
  for (const s of SHORTCUTS) {
    if (where.readOnly && s.edits) continue;
    if (where.inField && !s.inFields) continue;
    if (s.combos.some((c) => matchesCombo(c, e))) return s;
  }
  return null;
}

/** The keys of a combination as printed, e.g. `["Ctrl", "Shift", "Z"]`. */
export function comboKeys(combo: KeyCombo): string[] {
  const keys: string[] = [];
  if (combo.mod) keys.push("Ctrl");
  if (combo.shift) keys.push("Shift");
  keys.push(combo.key.length === 1 ? combo.key.toUpperCase() : combo.key);
  return keys;
}

/** The shortcuts a person can use here (read-only: those that change nothing). */
export function availableShortcuts(readOnly: boolean): Shortcut[] {
  return SHORTCUTS.filter((s) => !readOnly || !s.edits);
}
