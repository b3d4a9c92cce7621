import type { ReactNode } from 'react';
import type { EcosystemSettings } from '../../shared/api/ecosystem';
import { ECOSYSTEM_LINKS } from '../../shared/ecosystem';
import { CardSection } from '../shared/card-section';
import { LINK_LABELS } from './ecosystem-form';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2.5 text-sm last:border-0 sm:grid-cols-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words sm:col-span-2">
        {children ?? <span className="text-muted-foreground">Not set</span>}
      </dd>
    </div>
  );
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="h-4 w-4 rounded border border-border" style={{ background: colour }} aria-hidden />
      <span className="font-mono">{colour}</span>
    </span>
  );
}

/** The ecosystem as developers and viewers see it: every value, and no control (admins and owners edit it). */
export function EcosystemReadOnly({ data }: { data: EcosystemSettings }) {
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">Admins and owners of this project change the ecosystem.</p>
      <CardSection title="Identity">
        <dl>
          <Row label="Name">{data.name}</Row>
          <Row label="Logo URL">{data.logoUrl}</Row>
          {ECOSYSTEM_LINKS.map((l) => (
            <Row key={l} label={LINK_LABELS[l]}>
              {data.links[l]}
            </Row>
          ))}
          <Row label="Wallet domains">{data.walletDomains.length ? data.walletDomains.join(', ') : null}</Row>
        </dl>
      </CardSection>
      <CardSection title="Theme">
        <dl>
          <Row label="Primary colour">
            <Swatch colour={data.theme.primaryColor} />
          </Row>
          <Row label="Text on primary">
            <Swatch colour={data.theme.primaryColorForeground} />
          </Row>
          <Row label="Corner radius">{data.theme.radius}</Row>
          <Row label="Favicon URL">{data.theme.faviconUrl}</Row>
        </dl>
      </CardSection>
    </div>
  );
}
