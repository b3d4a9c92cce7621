import { useState, type ReactNode } from 'react';
import type { Project } from '../../shared/api/projects';
import { projectPath } from '../../shared/routes';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toastOnNextPage } from '../../lib/toast';

/** The create-project form: a name (1–100 characters, checked by the API); opens the new project in test mode. */
export function CreateProjectDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function create() {
    if (!name.trim()) return setError('Give the project a name.');
    setBusy(true);
    try {
      const project = await apiWrite<Project>('/projects', {
        method: 'POST',
        body: { name: name.trim() },
        pending: 'Creating project…',
        done: `Project “${name.trim()}” created`,
        invalidate: ['/projects'],
      });
      toastOnNextPage('success', `Project “${project.name}” created`);
      location.assign(projectPath(project.id, 'test'));
    } catch (e) {
      if (e instanceof ApiRequestError) setError(e.fieldErrors.name ?? e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Create a project"
      description="A project has a live and a test mode, each with its own data and keys."
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Field
          label="Project name"
          name="name"
          value={name}
          maxLength={100}
          autoFocus
          error={error}
          onChange={(e) => (setName(e.target.value), setError(undefined))}
          placeholder="My game"
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            Create project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
