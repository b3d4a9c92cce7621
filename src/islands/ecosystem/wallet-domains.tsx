import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { MAX_WALLET_DOMAINS } from '../../shared/ecosystem';

/** The hostnames allowed to open the ecosystem wallet: one field per domain, each with its own error. */
export function WalletDomains({
  domains,
  errors,
  onChange,
}: {
  domains: string[];
  errors: Record<string, string>;
  onChange: (domains: string[]) => void;
}) {
  const set = (i: number, v: string) => onChange(domains.map((d, j) => (j === i ? v : d)));
  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">Wallet domains</legend>
      {domains.length === 0 && <p className="text-sm text-muted-foreground">No wallet domains yet.</p>}
      <ul className="grid gap-2">
        {domains.map((d, i) => (
          <li key={i} className="flex items-start gap-2">
            <Field
              className="min-w-0 flex-1"
              label={<span className="sr-only">Wallet domain {i + 1}</span>}
              value={d}
              error={errors[`walletDomains.${i}`]}
              spellCheck={false}
              autoComplete="off"
              inputMode="url"
              maxLength={253}
              onChange={(e) => set(i, e.target.value)}
            />
            <Button
              variant="ghost"
              size="toolbar"
              aria-label={`Remove wallet domain ${i + 1}`}
              title="Remove"
              className="mt-1.5"
              onClick={() => onChange(domains.filter((_, j) => j !== i))}
            >
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={domains.length >= MAX_WALLET_DOMAINS}
          onClick={() => onChange([...domains, ''])}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add wallet domain
        </Button>
      </div>
    </fieldset>
  );
}
