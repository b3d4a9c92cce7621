import { projectPath, type Mode } from '../../shared/routes';

/** "All users" | "Unauthenticated users": two pages of one section, as links (each has its own URL). */
export function UsersTabs({
  projectId,
  mode,
  current,
}: {
  projectId: string;
  mode: Mode;
  current: 'all' | 'unauthenticated';
}) {
  const tabs = [
    { id: 'all', label: 'All users', href: projectPath(projectId, mode, '/users') },
    {
      id: 'unauthenticated',
      label: 'Unauthenticated users',
      href: projectPath(projectId, mode, '/users/unauthenticated'),
    },
  ] as const;
  return (
    <nav aria-label="Users" className="flex gap-1 border-b border-border">
      {tabs.map((t) => (
        <a
          key={t.id}
          href={projectId ? t.href : undefined}
          aria-current={t.id === current ? 'page' : undefined}
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground aria-[current=page]:border-primary aria-[current=page]:font-medium aria-[current=page]:text-foreground"
        >
          {t.label}
        </a>
      ))}
    </nav>
  );
}
