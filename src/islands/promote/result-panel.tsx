import { KeyRound } from 'lucide-react';
import { linkClass } from '../../components/ui/link';
import { KIND_LABELS } from '../../shared/api/config';
import type { Mode } from '../../shared/api/common';
import { projectPath } from '../../shared/routes';
import { secretLabel, secretPage, type PlanAnswer } from './plan-format';

/** After an apply: what changed, and each object that waits, disabled, for a secret (a link to where it is set). */
export function ResultPanel({ answer, projectId, to }: { answer: PlanAnswer; projectId: string; to: Mode }) {
  const waiting = answer.items.filter((i) => (i.action === 'create' || i.action === 'update') && i.needsSecret.length);
  const { create, update, refused } = answer.summary;
  return (
    <section
      aria-label="Promotion result"
      role="status"
      className="grid gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950/40"
    >
      <p className="font-medium">
        {create + update === 0
          ? `Nothing changed in ${to}: it already matches.`
          : `Applied to ${to}: ${create} created, ${update} updated${refused ? `, ${refused} refused` : ''}.`}
      </p>
      {waiting.length > 0 && (
        <div className="grid gap-2">
          <p className="flex items-center gap-2 font-medium">
            <KeyRound className="h-4 w-4" aria-hidden /> Needs a secret (disabled until you set it)
          </p>
          <ul className="grid gap-1">
            {waiting.map((i) => (
              <li key={`${i.kind}:${i.key}`} className="break-words">
                <a className={linkClass} href={projectPath(projectId, to, secretPage(i.kind))}>
                  {i.label === KIND_LABELS[i.kind] ? i.label : `${KIND_LABELS[i.kind]}: ${i.label}`}
                </a>{' '}
                — {i.needsSecret.map(secretLabel).join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
