import { Rocket } from 'lucide-react';
import { linkClass } from '../../components/ui/link';
import type { Mode } from '../../shared/api/common';
import { projectPath } from '../../shared/routes';

/** "Going live": the way to copy what was configured in test to live without retyping it (the promote screen). */
export function GoingLiveCard({ projectId, mode }: { projectId: string; mode: Mode }) {
  return (
    <section
      aria-labelledby="going-live"
      className="flex items-start gap-3 rounded-xl border border-border bg-card p-4"
    >
      <Rocket className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0">
        <h2 id="going-live" className="font-semibold">
          Going live
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Compare test and live and promote your policies, contracts, webhooks and sign-in settings, with a dry run
          first.{' '}
          <a className={linkClass} href={projectPath(projectId, mode, '/promote')}>
            Compare test and live
          </a>
        </p>
      </div>
    </section>
  );
}
