import type { Metadata } from "next";
import { cookies } from "next/headers";
import localFont from "next/font/local";
import { SessionProvider } from "@/components/auth/session-context";
import { BrowserSetup } from "@/components/layout/browser-setup";
import { parseTheme, THEME_COOKIE, themeAttribute } from "@/components/layout/theme";
import { TopNav } from "@/components/layout/top-nav";
import { OPEN_PAGES, pagePath, pageViewer, requireViewer } from "@/lib/auth/page-session";
import "./globals.css";

// Self-hosted font: nothing is fetched at build time.
const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  weight: "100 900",
  display: "swap",
});

export const metadata: Metadata = {
  // Pages name themselves (and client-loaded pages their workflow or run: useDocumentTitle).
  title: { default: "Switchyard", template: "%s · Switchyard" },
  description: "Visual builder and durable engine for LLM and agent workflows",
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
};

/** Every page but sign-in and owner setup is for signed-in people (`requireViewer` redirects the others). */
export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const path = (await pagePath()).split("?")[0];
  const open = OPEN_PAGES.includes(path);
  const viewer = open ? await pageViewer() : await requireViewer();
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" className={inter.variable} data-theme={themeAttribute(theme)}>
      <body className="flex h-full flex-col font-sans antialiased bg-slate-50 text-slate-900">
        <BrowserSetup />
        <SessionProvider viewer={viewer}>
          <a href="#main" className="sr-only rounded-md bg-panel px-3 py-2 text-sm font-medium text-slate-900 ring-2 ring-brand-500 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50" data-testid="skip-link">
            Skip to content
          </a>
          {!open && <TopNav theme={theme} />}
          <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto focus:outline-none" data-testid="page-scroll">
            {children}
          </main>
        </SessionProvider>
      </body>
    </html>
  );
}
