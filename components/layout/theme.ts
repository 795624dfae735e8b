/**
 * The colour theme a person chose: the system's preference (the default), or light or dark
 * whatever the system says. Kept in a cookie so the server renders the page in it (no flash
 * of the other theme); app/theme.css does the rest from `data-theme` on <html>.
 */
export const THEME_COOKIE = "switchyard-theme";

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function parseTheme(value: string | undefined): Theme {
  return value === "light" || value === "dark" ? value : "system";
}

/** The `data-theme` attribute for a choice: none follows the system. */
export const themeAttribute = (theme: Theme): "light" | "dark" | undefined => (theme === "system" ? undefined : theme);
