import type { Metadata } from "next";
import localFont from "next/font/local";
import { TopNav } from "@/components/layout/top-nav";
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

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="flex h-full flex-col font-sans antialiased bg-slate-50 text-slate-900">
        <TopNav />
        <div className="min-h-0 flex-1 overflow-y-auto" data-testid="page-scroll">
          {children}
        </div>
      </body>
    </html>
  );
}
