import type { DatabaseSync } from 'node:sqlite';
import { LOCAL_SMTP } from '../../dev/smtp-inbox/config.ts';
import { SETTINGS_DEFAULTS } from '../../src/shared/api/settings.ts';
import { encryptLocal } from './local-secrets.ts';

/**
 * Points the demo project's custom SMTP settings (both modes) at the local SMTP inbox (dev/smtp-inbox) on
 * 127.0.0.1:`port`, with its local credentials, so "Send test email" works on a fresh `npm start`. Only rows still
 * as created (version 1, no host) are changed: settings someone saved are left alone. Returns how many it changed.
 */
export async function pointSmtpAtLocalInbox(
  db: DatabaseSync,
  projectId: string,
  encryptionKey: string,
  port: number,
): Promise<number> {
  let changed = 0;
  for (const mode of ['live', 'test'] as const) {
    const data = {
      ...SETTINGS_DEFAULTS.smtp,
      enabled: true,
      host: '127.0.0.1',
      port,
      user: LOCAL_SMTP.user,
      from: LOCAL_SMTP.from,
      fromName: LOCAL_SMTP.fromName,
      tlsMode: 'none',
    };
    const secrets = {
      password: {
        // Bound to the host like the API's (functions/_lib/api/smtp-settings.ts smtpPasswordAad).
        value: await encryptLocal(
          encryptionKey,
          LOCAL_SMTP.password,
          `settings:${projectId}:${mode}:smtp:password:host=${data.host}`,
        ),
        hint: `••••${LOCAL_SMTP.password.slice(-4)}`,
        aad: 'host',
      },
    };
    const r = db
      .prepare(
        `UPDATE settings SET data = ?, secrets = ? WHERE project_id = ? AND mode = ? AND kind = 'smtp' AND version = 1 AND json_extract(data, '$.host') IS NULL`,
      )
      .run(JSON.stringify(data), JSON.stringify(secrets), projectId, mode);
    changed += Number(r.changes);
  }
  return changed;
}
