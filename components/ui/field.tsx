import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const control =
  "block w-full rounded-md border-0 bg-panel px-2.5 py-1.5 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-600";

/** A labelled form row with optional hint and message (error or warning). */
export function Field({
  label,
  hint,
  error,
  warning,
  children,
  htmlFor,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  warning?: string;
  children: ReactNode;
  htmlFor?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
      {error && <p className="text-xs text-red-600" role="alert">{error}</p>}
      {!error && warning && <p className="text-xs text-amber-700">{warning}</p>}
      {hint && !error && !warning && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function TextInput({ className = "", invalid, ...rest }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return <input aria-invalid={invalid || undefined} className={`${control} ${invalid ? "ring-red-400" : ""} ${className}`} {...rest} />;
}

export function TextArea({ className = "", invalid, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  return <textarea aria-invalid={invalid || undefined} className={`${control} font-mono text-xs leading-5 ${invalid ? "ring-red-400" : ""} ${className}`} {...rest} />;
}

export function Select({ className = "", ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${control} pr-8 ${className}`} {...rest} />;
}
