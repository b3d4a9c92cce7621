import type { ApiKey } from '../../shared/api/api-keys';
import { Badge } from '../../components/ui/badge';

/** "3 h 20 min" until a time (or "less than a minute"). */
export function timeLeft(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  if (ms <= 60_000) return 'less than a minute';
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/** Active, rotating (with the time the old key keeps working), revoked or expired. */
export function KeyStatus({ apiKey }: { apiKey: Pick<ApiKey, 'status' | 'expiresAt'> }) {
  switch (apiKey.status) {
    case 'active':
      return <Badge tone="success">Active</Badge>;
    case 'rotating':
      return (
        <span className="inline-flex items-center gap-2">
          <Badge tone="warning">Rotating</Badge>
          {apiKey.expiresAt && (
            <span className="text-xs text-muted-foreground">works {timeLeft(apiKey.expiresAt)} more</span>
          )}
        </span>
      );
    case 'revoked':
      return <Badge tone="danger">Revoked</Badge>;
    default:
      return <Badge>Expired</Badge>;
  }
}
