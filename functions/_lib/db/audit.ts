import { newId } from '../../../src/shared/api/ids';
import type { Mode } from '../../../src/shared/api/common';

export interface AuditEntry {
  projectId: string;
  mode: Mode | null;
  actor: { type: 'user' | 'key' | 'provider'; id: string };
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
  now: number;
}

/**
 * INSERT of an audit entry. With `onlyIfChanged` it is written only when the statement just before it in the same
 * batch changed exactly one row (a versioned update that lost the race leaves no entry).
 */
export function auditStmt(db: D1Database, e: AuditEntry, onlyIfChanged = false): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (id, project_id, mode, actor_type, actor_id, action, target_type, target_id, details, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?${onlyIfChanged ? ' WHERE changes() = 1' : ''}`,
    )
    .bind(
      newId('aud'),
      e.projectId,
      e.mode,
      e.actor.type,
      e.actor.id,
      e.action,
      e.targetType,
      e.targetId,
      JSON.stringify(e.details ?? {}),
      e.now,
    );
}
