import { ActorLabel } from "@/components/auth/actor-label";
import type { ActorPick } from "@/components/auth/actor-filter";
import type { TriggeredBy } from "@/lib/client/run-types";

/** Who triggered a run, in the runs list; a click lists only the runs they triggered. */
export function TriggeredByCell({ by, onPick }: { by: TriggeredBy | null | undefined; onPick: (pick: ActorPick) => void }) {
  return (
    <td className="max-w-44 px-3 py-2 text-xs text-slate-700" data-testid="run-triggered-by">
      {by ? (
        <button type="button" className="flex max-w-full hover:underline" title={`Show only the runs ${by.name} triggered`} onClick={() => onPick({ id: by.id, name: by.name })}>
          <ActorLabel name={by.name} type={by.type} id={by.id} />
        </button>
      ) : (
        <span className="text-slate-500">—</span>
      )}
    </td>
  );
}
