import { BookOpen, Code2, Play } from 'lucide-react';
import { useState } from 'react';
import { publicConfig } from '../../lib/config';
import { PLAYGROUNDS, SAMPLE_APPS, frameworkLabel } from '../../shared/samples';

const join = (base: string, path: string) => (base ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : null);

function LinkButton({ href, icon: Icon, children }: { href: string | null; icon: typeof BookOpen; children: string }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-border px-2.5 text-sm hover:bg-muted"
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {children}
    </a>
  );
}

/** Sample apps and playgrounds, filterable by framework. */
export function SamplesSection() {
  const [framework, setFramework] = useState<string | null>(null);
  const { docsUrl, samplesUrl } = publicConfig();
  const frameworks = [...new Set([...SAMPLE_APPS, ...PLAYGROUNDS].map((s) => s.framework))];
  const apps = SAMPLE_APPS.filter((s) => !framework || s.framework === framework);
  const playgrounds = PLAYGROUNDS.filter((p) => !framework || p.framework === framework);
  return (
    <section aria-labelledby="samples-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="samples-heading" className="font-semibold">
          Samples and playgrounds
        </h2>
        <div role="group" aria-label="Framework" className="flex flex-wrap gap-1.5">
          {[null, ...frameworks].map((f) => (
            <button
              key={f ?? 'all'}
              type="button"
              aria-pressed={framework === f}
              onClick={() => setFramework(f)}
              className="h-7 rounded-full border border-border px-3 text-xs aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
            >
              {f ? frameworkLabel(f) : 'All'}
            </button>
          ))}
        </div>
      </div>
      {!docsUrl && !samplesUrl && (
        <p className="text-xs text-muted-foreground">
          Links to the docs and repositories appear once the deployment sets PUBLIC_DOCS_URL and PUBLIC_SAMPLES_URL.
        </p>
      )}
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {apps.map((s) => (
          <li key={s.repository} className="grid content-between gap-3 rounded-xl border border-border bg-card p-4">
            <div>
              <p className="text-xs font-medium text-muted-foreground">{frameworkLabel(s.framework)} sample</p>
              <p className="font-medium">{s.title}</p>
            </div>
            <div className="flex gap-2">
              <LinkButton href={join(docsUrl, s.docsPath)} icon={BookOpen}>
                Docs
              </LinkButton>
              <LinkButton href={join(samplesUrl, s.repository)} icon={Code2}>
                Repository
              </LinkButton>
            </div>
          </li>
        ))}
        {playgrounds.map((p) => (
          <li key={p.path} className="grid content-between gap-3 rounded-xl border border-border bg-card p-4">
            <div>
              <p className="text-xs font-medium text-muted-foreground">{frameworkLabel(p.framework)} playground</p>
              <p className="font-medium">{p.title}</p>
              <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>
            </div>
            <div className="flex gap-2">
              <LinkButton href={join(docsUrl, p.path)} icon={Play}>
                Open playground
              </LinkButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
