"use client";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export const NOTE_MAX = 500;

/**
 * Save with a note on what changed; the note shows in the version history. Enter adds a
 * line, only the button saves. The dialog closes as the save starts (a conflict opens its
 * own dialog); the note is kept until a save with it succeeds.
 */
export function SaveNoteDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (note: string) => Promise<boolean> }) {
  const [note, setNote] = useState("");
  const id = useId();
  const save = async () => {
    onClose();
    if (await onSave(note)) setNote("");
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Save with a note"
      testId="save-note-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void save()} data-testid="save-with-note">
            Save
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        What changed?
      </label>
      <textarea
        id={id}
        data-testid="save-note"
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
        className="w-full rounded-md border border-slate-300 bg-panel px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        placeholder="e.g. Friendlier reply, and the refund path asks for approval"
      />
      <p className="mt-1 text-right text-xs text-slate-500" aria-live="polite">
        {note.length}/{NOTE_MAX}
      </p>
    </Dialog>
  );
}
