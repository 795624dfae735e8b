import type { Metadata } from "next";
import localFont from "next/font/local";
import "./globals.css";

// Self-hosted font: nothing is fetched at build time.
const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  weight: "100 900",
  display: "swap",
});

export const metadata: Metadata = {
  title: "Switchyard",
  description: "Visual builder and durable engine for LLM and agent workflows",
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="h-full font-sans antialiased bg-slate-50 text-slate-900">{children}</body>
    </html>
  );
}
