"use client";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * The top bar's sections: in a row from `sm` up; on a phone behind a Menu button that opens
 * them as a list under the bar (Escape or a click elsewhere closes it and gives focus back,
 * following a link closes it). One list either way, so each link exists once.
 */
export function SectionNav({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const pathname = usePathname();
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  return (
    <nav ref={nav} aria-label="Sections" className="flex min-w-0 items-center self-stretch">
      <button
        ref={button}
        type="button"
        className="rounded-md px-2 py-1 font-medium text-white ring-1 ring-bar-raised hover:bg-bar-raised focus-visible:outline-2 focus-visible:outline-brand-500 sm:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="nav-menu"
      >
        Menu
      </button>
      <div
        id={id}
        onClick={(e) => (e.target as HTMLElement).closest("a") && setOpen(false)}
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-12 z-50 flex-col gap-1 border-b border-bar-raised bg-bar px-4 py-2 text-base shadow-lg *:py-2 sm:static sm:z-auto sm:flex sm:flex-row sm:items-center sm:gap-4 sm:border-0 sm:bg-transparent sm:p-0 sm:text-sm sm:shadow-none sm:*:py-0`}
        data-testid="nav-sections"
      >
        {children}
      </div>
    </nav>
  );
}
