import { describe, expect, it } from "vitest";
import { availableShortcuts, comboKeys, findShortcut, matchesCombo, SHORTCUTS, type KeyCombo, type KeyPress } from "./shortcuts";

/** The key press a person makes for a combination (Shift held when the combination says so). */
function press(c: KeyCombo, extra: Partial<KeyPress> = {}): KeyPress {
  return { key: c.shift ? c.key.toUpperCase() : c.key, ctrlKey: !!c.mod, metaKey: false, shiftKey: !!c.shift, altKey: false, ...extra };
}

const anywhere = { readOnly: false, inField: false };

describe("editor shortcuts", () => {
  it("finds each shortcut by each of its own combinations, none shadowed by another", () => {
    for (const s of SHORTCUTS) for (const c of s.combos) expect(findShortcut(press(c), anywhere)?.id, comboKeys(c).join("+")).toBe(s.id);
  });

  it("has one entry per id", () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
  });

  it("tells undo from redo by Shift, and takes ⌘ for Ctrl", () => {
    expect(findShortcut({ key: "z", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, anywhere)?.id).toBe("undo");
    expect(findShortcut({ key: "Z", ctrlKey: false, metaKey: true, shiftKey: true, altKey: false }, anywhere)?.id).toBe("redo");
  });

  it("reads ? typed with Shift, and [ typed with AltGr (Ctrl+Alt), as the plain key", () => {
    expect(findShortcut({ key: "?", ctrlKey: false, metaKey: false, shiftKey: true, altKey: false }, anywhere)?.id).toBe("showShortcuts");
    expect(findShortcut({ key: "[", ctrlKey: true, metaKey: false, shiftKey: false, altKey: true }, anywhere)?.id).toBe("togglePalette");
  });

  it("keeps plain letters for typing: F needs no modifier and Ctrl+F stays the browser's", () => {
    expect(findShortcut({ key: "f", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, anywhere)).toBeNull();
    expect(matchesCombo({ key: "f", shift: false }, { key: "F", ctrlKey: false, metaKey: false, shiftKey: true, altKey: false })).toBe(false);
  });

  it("in a text field only Save applies; read-only, nothing that edits", () => {
    expect(findShortcut(press({ key: "s", mod: true }), { readOnly: false, inField: true })?.id).toBe("save");
    expect(findShortcut(press({ key: "a", mod: true }), { readOnly: false, inField: true })).toBeNull();
    expect(findShortcut(press({ key: "Delete" }), { readOnly: true, inField: false })).toBeNull();
    expect(findShortcut(press({ key: "c", mod: true }), { readOnly: true, inField: false })?.id).toBe("copy");
    expect(availableShortcuts(true).every((s) => !s.edits)).toBe(true);
  });

  it("prints combinations as keys", () => {
    expect(comboKeys({ key: "z", mod: true, shift: true })).toEqual(["Ctrl", "Shift", "Z"]);
    expect(comboKeys({ key: "Delete" })).toEqual(["Delete"]);
  });
});
