import { useState } from 'react';
import type { Member, Project } from '../../shared/api/projects';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyText } from '../../components/ui/copy-button';
import { Field, inputClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useProjectRoute } from '../../lib/use-project';
import { toastOnNextPage } from '../../lib/toast';
import { AUTH_STORAGE_KEY, readStoredSession } from '../../shared/auth-storage';
import { allowLeaving } from '../../lib/unsaved-changes';
import { SettingsForm, SettingsLoad } from '../shared/settings-frame';
import { AuditLog } from './audit-log';

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  const slug = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <section aria-labelledby={`s-${slug}`} className="grid gap-4 rounded-xl border border-border bg-card p-5">
      <div>
        <h2 id={`s-${slug}`} className="font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** Rename with the project's version: a stale edit says so, keeps what was typed and offers to reload. */
function RenameForm({ project, reload }: { project: Project; reload: () => void }) {
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | undefined>();
  // The version a save was refused for: saving waits until the reloaded project has a newer one.
  const [staleVersion, setStaleVersion] = useState<number | null>(null);
  const stale = staleVersion !== null && staleVersion === project.version;
  const [busy, setBusy] = useState(false);
  const canRename = useCan('manage_project');
  async function save() {
    setBusy(true);
    try {
      await apiWrite(`/projects/${project.id}`, {
        method: 'PATCH',
        body: { name: name.trim(), version: project.version },
        pending: 'Renaming project…',
        done: 'Project renamed',
        invalidate: [`/projects/${project.id}`, '/projects'],
      });
      setStaleVersion(null);
    } catch (e) {
      if (e instanceof ApiRequestError) {
        if (e.status === 409) setStaleVersion(project.version);
        else setError(e.fieldErrors.name ?? e.message);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="max-w-md">
      <SettingsForm
        label="Rename project"
        dirty={name.trim() !== project.name}
        busy={busy}
        stale={stale}
        canEdit={canRename}
        sticky={false}
        saveLabel="Save name"
        staleWhat="This project was"
        onSave={() => void save()}
        onDiscard={() => (setName(project.name), setError(undefined))}
        onReload={reload}
      >
        <Field
          label="Project name"
          value={name}
          maxLength={100}
          disabled={!canRename}
          error={error}
          onChange={(e) => (setName(e.target.value), setError(undefined))}
        />
      </SettingsForm>
    </div>
  );
}

/** Grant `owner` to another member, then step down to admin (owners only). */
function TransferOwnership({ project, members }: { project: Project; members: Member[] }) {
  const me = readStoredSession(localStorage.getItem(AUTH_STORAGE_KEY))?.userId;
  const candidates = members.filter((m) => m.status === 'active' && m.userId && m.userId !== me && m.role !== 'owner');
  const [target, setTarget] = useState('');
  const chosen = candidates.find((m) => m.userId === target);
  if (!candidates.length)
    return <p className="text-sm text-muted-foreground">Invite a member first: ownership goes to a member.</p>;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="grid gap-1.5 text-sm font-medium">
        New owner
        <select value={target} onChange={(e) => setTarget(e.target.value)} className={`${inputClass} w-64`}>
          <option value="">Choose a member…</option>
          {candidates.map((m) => (
            <option key={m.userId} value={m.userId!}>
              {m.name ? `${m.name} (${m.email})` : m.email} — {m.role}
            </option>
          ))}
        </select>
      </label>
      <ConfirmDialog
        destructive
        title={`Make ${chosen?.name ?? chosen?.email ?? 'this member'} the owner?`}
        description="They become an owner of this project and you become an admin. Only an owner can undo this."
        confirmLabel="Transfer ownership"
        trigger={
          <Button variant="outline" size="toolbar" disabled={!chosen}>
            Transfer ownership
          </Button>
        }
        onConfirm={async () => {
          const base = `/projects/${project.id}/members`;
          await apiWrite(`${base}/${chosen!.userId}`, {
            method: 'PATCH',
            body: { role: 'owner', version: chosen!.version },
            pending: 'Transferring ownership…',
            done: `${chosen!.name ?? chosen!.email} is now an owner`,
            invalidate: [base],
          });
          const self = members.find((m) => m.userId === me);
          if (self)
            await apiWrite(`${base}/${me}`, {
              method: 'PATCH',
              body: { role: 'admin', version: self.version },
              pending: 'Stepping down to admin…',
              done: 'You are now an admin of this project',
              invalidate: [base, `/projects/${project.id}`, '/projects'],
            });
        }}
      />
    </div>
  );
}

/** Deleting asks for the project's name, typed. */
function DeleteProject({ project }: { project: Project }) {
  const [typed, setTyped] = useState('');
  return (
    <div className="grid max-w-md gap-3">
      <Field
        label={`Type “${project.name}” to confirm`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
      />
      <ConfirmDialog
        destructive
        title={`Delete ${project.name}?`}
        description="The project goes to the trash for 7 days: hidden for everyone, its keys refused and its webhooks paused. An owner can restore it from the projects home until then; afterwards both modes' data, keys, members and the audit log are deleted for good."
        confirmLabel="Delete project"
        trigger={
          <Button variant="destructive" size="sm" className="justify-self-start" disabled={typed !== project.name}>
            Delete project
          </Button>
        }
        onConfirm={async () => {
          // The version read with the page: a project changed meanwhile answers 409 (reload and try again).
          await apiWrite(`/projects/${project.id}?version=${project.version}`, {
            method: 'DELETE',
            pending: 'Deleting project…',
            done: 'Project deleted',
            invalidate: ['/projects'],
          });
          toastOnNextPage('success', `Project “${project.name}” moved to the trash: restore it within 7 days`);
          // The project is gone: a name typed in its rename form has nothing left to be saved to.
          allowLeaving();
          location.assign('/');
        }}
      />
    </div>
  );
}

/** Project settings: name, id, ownership, deletion and the audit log. */
export function SettingsPage() {
  const route = useProjectRoute();
  const path = route ? `/projects/${route.projectId}` : null;
  const { data: project, error, reload } = useApiQuery<Project>(path);
  const members = useApiQuery<{ data: Member[] }>(path && `${path}/members`);
  const isOwner = useCan('delete_project');
  const canAudit = useCan('read_audit');

  return (
    <SettingsLoad error={error} ready={!!project && !!route} reload={reload} what="project">
      {() => (
        <div className="grid gap-6">
          <Section title="General">
            <RenameForm project={project!} reload={reload} />
            <div className="grid gap-1 text-sm">
              <span className="font-medium">Project ID</span>
              <CopyText value={project!.id} label="project ID" short={false} />
            </div>
          </Section>
          {isOwner && (
            <Section title="Ownership" description="Hand the project to another member.">
              <TransferOwnership project={project!} members={members.data?.data ?? []} />
            </Section>
          )}
          {canAudit && (
            <Section title="Audit log" description="Who changed what in this project, newest first.">
              <AuditLog projectId={project!.id} members={members.data?.data ?? []} />
            </Section>
          )}
          {isOwner && (
            <Section title="Danger zone" description="Deleting a project removes everything in it, in both modes.">
              <DeleteProject project={project!} />
            </Section>
          )}
        </div>
      )}
    </SettingsLoad>
  );
}

export default SettingsPage;
