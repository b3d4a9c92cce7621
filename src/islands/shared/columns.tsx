/**
 * Cells that several lists share: an id with copy, an address with copy and explorer link, a user's name linking to
 * the user, a chain name, a time.
 */
import type { UserSummary } from '../../shared/api/summaries';
import { projectPath, type Mode } from '../../shared/routes';
import { ChainLabel, ExplorerLink } from '../../components/ui/chain-label';
import { CopyText } from '../../components/ui/copy-button';
import { userLabel } from './user-label';

/** An address with copy and explorer link. */
export function AddressCell({ address, chainId }: { address: string; chainId?: number }) {
  return (
    <span className="inline-flex items-center gap-0.5">
      <CopyText value={address} label="address" />
      {chainId !== undefined && <ExplorerLink chainId={chainId} kind="address" value={address} />}
    </span>
  );
}

/** A user's name (or email, or "Unnamed user") linking to the user's page. */
export function UserCell({
  user,
  userId,
  projectId,
  mode,
  className = 'block max-w-48 truncate hover:underline',
}: {
  user: UserSummary | null | undefined;
  userId: string | null;
  projectId: string;
  mode: Mode;
  /** In a list the row is the link's context (plain text that underlines on hover); a detail page passes `linkClass`. */
  className?: string;
}) {
  if (!userId) return <span className="text-muted-foreground">—</span>;
  return (
    <a
      href={projectPath(projectId, mode, `/users/${userId}`)}
      onClick={(e) => e.stopPropagation()}
      className={className}
      title={user?.email ?? userId}
    >
      {userLabel(user)}
    </a>
  );
}

export { ChainLabel, userLabel };
