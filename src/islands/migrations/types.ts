import type { z } from 'zod';
import type { authMigrationSchema } from '../../shared/api/settings.ts';
import type { BadgeTone } from '../../components/ui/badge';

export type AuthMigration = z.infer<typeof authMigrationSchema>;

export const STATUS_TONE: Record<AuthMigration['status'], BadgeTone> = {
  created: 'neutral',
  running: 'info',
  paused: 'warning',
  completed: 'success',
  failed: 'danger',
  canceled: 'neutral',
};

export const SOURCE_LABEL: Record<string, string> = {
  supabase: 'Supabase',
  firebase: 'Firebase',
  auth0: 'Auth0',
  csv: 'CSV file',
  cognito: 'Cognito',
  clerk: 'Clerk',
};

export const fmt = (n: number) => n.toLocaleString('en');
