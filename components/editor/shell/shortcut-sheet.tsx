"use client";
import { Fragment } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { availableShortcuts, comboKeys, type Shortcut } from "./shortcuts";

/** Every editor shortcut, by group, from the list the key handler uses. */
export function ShortcutSheet({ open, onClose, readOnly }: { open: boolean; onClose: () => void; readOnly: boolean }) {
  const shortcuts = availableShortcuts(readOnly);
  const groups = [...new Set(shortcuts.map((s) => s.group))];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      testId="shortcut-sheet"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        {groups.map((group) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`} className="mb-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
              {group}
            </h3>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
              {shortcuts
                .filter((s) => s.group === group)
                .map((s) => (
                  <ShortcutRow key={s.id} shortcut={s} />
                ))}
            </dl>
          </section>
        ))}
        <p className="text-xs text-slate-500">On a Mac, Ctrl is ⌘. Shortcuts other than Save wait while you type in a field.</p>
      </div>
    </Dialog>
  );
}

function ShortcutRow({ shortcut }: { shortcut: Shortcut }) {
  return (
    <div className="contents" data-testid="shortcut" data-shortcut-id={shortcut.id}>
      <dt className="text-slate-700">{shortcut.label}</dt>
      <dd className="flex flex-wrap justify-end gap-1 text-right">
        {shortcut.combos.map((c, i) => (
          <Fragment key={i}>
            {i > 0 && <span className="text-xs text-slate-500">or</span>}
            <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-[11px] text-slate-700">{comboKeys(c).join("+")}</kbd>
          </Fragment>
        ))}
      </dd>
    </div>
  );
}
