import { BookOpen, Code2, Play } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';
import { publicConfig } from '../../lib/config';
import { DEFAULT_PUBLIC_CONFIG } from '../../shared/public-config';
import { PLAYGROUNDS, SAMPLE_APPS, frameworkLabel } from '../../shared/samples';

const never = () => () => {};

const join = (base: string, path: string) => (base ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : null);

function LinkButton({ href, icon: Icon, children }: { href: string | null; icon: typeof BookOpen; children: string }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="relative z-10 inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-card px-2.5 text-sm hover:bg-muted"
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {children}
    </a>
  );
}

/**
 * A card's title: with a URL, a link whose click area is the whole card (the card is a link); without one (the
 * deployment has no docs or samples URL), plain text and nothing about why.
 */
function CardTitle({ href, children }: { href: string | null; children: string }) {
  if (!href) return <p className="font-medium">{children}</p>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="font-medium after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
    >
      {children}
    </a>
  );
}

const cardClass = 'relative grid content-between gap-3 rounded-xl border border-border bg-card p-4';
const linkedCardClass = 'hover:border-primary/60 hover:bg-muted/40';

/** Sample apps and playgrounds, filterable by framework; each card links to its docs when the deployment has them. */
export function SamplesSection() {
  const [framework, setFramework] = useState<string | null>(null);
  // The shell is rendered at build time without the deployment's configuration: the links appear after hydration,
  // so the first client render matches the static markup.
  const { docsUrl, samplesUrl } = useSyncExternalStore(never, publicConfig, () => DEFAULT_PUBLIC_CONFIG);
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
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {apps.map((s) => {
          const docs = join(docsUrl, s.docsPath);
          const repository = join(samplesUrl, s.repository);
          const main = docs ?? repository;
          return (
            <li key={s.repository} className={cn(cardClass, main && linkedCardClass)}>
              <div>
                <p className="text-xs font-medium text-muted-foreground">{frameworkLabel(s.framework)} sample</p>
                <CardTitle href={main}>{s.title}</CardTitle>
              </div>
              {(docs || repository) && (
                <div className="flex gap-2">
                  <LinkButton href={docs} icon={BookOpen}>
                    Docs
                  </LinkButton>
                  <LinkButton href={repository} icon={Code2}>
                    Repository
                  </LinkButton>
                </div>
              )}
            </li>
          );
        })}
        {playgrounds.map((p) => {
          const href = join(docsUrl, p.path);
          return (
            <li key={p.path} className={cn(cardClass, href && linkedCardClass)}>
              <div>
                <p className="text-xs font-medium text-muted-foreground">{frameworkLabel(p.framework)} playground</p>
                <CardTitle href={href}>{p.title}</CardTitle>
                <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>
              </div>
              {href && (
                <div className="flex gap-2">
                  <LinkButton href={href} icon={Play}>
                    Open playground
                  </LinkButton>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
