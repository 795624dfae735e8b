import { describe, expect, it, vi } from "vitest";
import { runShortcut, type KeyContext, type ShortcutActions } from "./shortcut-actions";
import { SHORTCUTS, type KeyCombo, type KeyPress, type ShortcutId } from "./shortcuts";

const press = (c: KeyCombo): KeyPress => ({ key: c.shift ? c.key.toUpperCase() : c.key, ctrlKey: !!c.mod, metaKey: false, shiftKey: !!c.shift, altKey: false });
const onCanvas: KeyContext = { readOnly: false, inField: false, dialogOpen: false };

function spies() {
  const ids = SHORTCUTS.map((s) => s.id);
  return Object.fromEntries(ids.map((id) => [id, vi.fn()])) as unknown as Record<ShortcutId, ReturnType<typeof vi.fn>> & ShortcutActions;
}

describe("runShortcut", () => {
  it("runs exactly the action of the shortcut the sheet lists for each combination", () => {
    for (const s of SHORTCUTS)
      for (const c of s.combos) {
        const actions = spies();
        expect(runShortcut(press(c), onCanvas, actions)).toBe(true);
        for (const other of SHORTCUTS) expect(actions[other.id], `${s.id} → ${other.id}`).toHaveBeenCalledTimes(other.id === s.id ? 1 : 0);
      }
  });

  it("saves from a text field or a dialog, and leaves every other key to them", () => {
    const actions = spies();
    expect(runShortcut(press({ key: "s", mod: true }), { ...onCanvas, inField: true }, actions)).toBe(true);
    expect(runShortcut(press({ key: "z", mod: true }), { ...onCanvas, inField: true }, actions)).toBe(false);
    expect(runShortcut(press({ key: "?" }), { ...onCanvas, dialogOpen: true }, actions)).toBe(false);
    expect(actions.save).toHaveBeenCalledTimes(1);
    expect(actions.undo).not.toHaveBeenCalled();
    expect(actions.showShortcuts).not.toHaveBeenCalled();
  });

  it("read-only keeps the browser's save page away without saving, and lets nothing edit", () => {
    const actions = spies();
    const readOnly = { ...onCanvas, readOnly: true };
    expect(runShortcut(press({ key: "s", mod: true }), readOnly, actions)).toBe(true);
    expect(runShortcut(press({ key: "Delete" }), readOnly, actions)).toBe(false);
    expect(runShortcut(press({ key: "f" }), readOnly, actions)).toBe(true);
    expect(actions.save).not.toHaveBeenCalled();
    expect(actions.deleteSelection).not.toHaveBeenCalled();
    expect(actions.zoomToSelection).toHaveBeenCalledTimes(1);
  });

  it("lets the key through when the action did nothing (copy with nothing selected)", () => {
    const actions = { ...spies(), copy: () => false };
    expect(runShortcut(press({ key: "c", mod: true }), onCanvas, actions)).toBe(false);
  });
});
