/** The inline link-style button that reveals what a long list or text left out ("50 more keys", "show all"). */
export function ShowMore({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) {
  return (
    <button type="button" onClick={onClick} className="ml-1 font-sans text-brand-700 hover:underline" data-testid={testId}>
      {label}
    </button>
  );
}
