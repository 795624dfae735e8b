"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A table's box that scrolls sideways when its columns do not fit (a phone), and says so:
 * a shadow on the side with more columns and a line under it. Only then is the box a
 * focusable, named region, so a keyboard can scroll it too (axe `scrollable-region-focusable`).
 * The box is positioned, so a visually hidden header (sr-only, absolute) is held inside it, not pushed out past the page.
 */
export function TableScroll({ label, className = "", children, testId }: { label: string; className?: string; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<{ left: boolean; right: boolean } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const overflow = el.scrollWidth - el.clientWidth > 1;
      setMore((prev) => {
        const next = overflow ? { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 } : null;
        return prev?.left === next?.left && prev?.right === next?.right ? prev : next;
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, []);
  const shadow = more ? `${more.left ? "shadow-[inset_12px_0_10px_-10px_rgb(0_0_0_/_0.25)]" : ""} ${more.right ? "shadow-[inset_-12px_0_10px_-10px_rgb(0_0_0_/_0.25)]" : ""}` : "";
  return (
    <div className={className}>
      <div
        ref={ref}
        className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500 ${shadow}`}
        data-testid={testId}
        data-overflows={more ? "true" : "false"}
        {...(more ? { tabIndex: 0, role: "region", "aria-label": `${label} (scrolls sideways)` } : {})}
      >
        {children}
      </div>
      {more && (
        <p className="px-3 py-1 text-right text-[11px] text-slate-500" data-testid="scroll-cue">
          {more.right ? "Scroll sideways for more columns →" : "← Scroll back for the first columns"}
        </p>
      )}
    </div>
  );
}
