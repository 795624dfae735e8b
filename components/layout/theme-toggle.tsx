"use client";
import { useState } from "react";
import { THEME_COOKIE, themeAttribute, THEMES, type Theme } from "./theme";

const LABEL: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };
// A half-filled circle, a sun, a moon.
const ICON: Record<Theme, string> = {
  system: "M12 3a9 9 0 1 0 0 18zM12 3a9 9 0 0 1 0 18",
  light: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  dark: "M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z",
};

/** Cycles the colour theme (system → light → dark), at once and for the next visits; `initial` is the server's reading of the cookie. */
export function ThemeToggle({ initial }: { initial: Theme }) {
  const [shown, setShown] = useState(initial);
  const next = THEMES[(THEMES.indexOf(shown) + 1) % THEMES.length];

  function choose() {
    const attribute = themeAttribute(next);
    if (attribute) document.documentElement.dataset.theme = attribute;
    else delete document.documentElement.dataset.theme;
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    setShown(next);
  }

  return (
    <button
      type="button"
      onClick={choose}
      className="flex size-8 shrink-0 items-center justify-center rounded-md text-bar-text hover:bg-bar-raised hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
      aria-label={`Theme: ${LABEL[shown]}. Switch to ${LABEL[next]}`}
      title={`Theme: ${LABEL[shown]}`}
      data-testid="theme-toggle"
      data-theme-choice={shown}
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden>
        <path d={ICON[shown]} />
      </svg>
    </button>
  );
}
