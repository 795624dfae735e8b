"use client";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal built on the native <dialog>: focus trapping, Escape and the backdrop come
 * from the browser. `open` drives showModal/close. On closing, and on unmounting while open
 * (most callers render a dialog only while it is open), focus goes back to what had it
 * before: the browser restores it only on close(), not when the element is removed.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  testId,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    return () => {
      if (el.open) el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      data-testid={testId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} rounded-xl bg-panel p-0 text-slate-900 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-900/40`}
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <header className="border-b border-slate-100 px-5 py-4">
            <h2 className="text-base font-semibold">{title}</h2>
          </header>
          <div className="overflow-y-auto px-5 py-4 text-sm text-slate-700">{children}</div>
          {footer && <footer className="flex justify-end gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
