import type { Billing, Invoice } from '../../shared/api/billing';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { CardSection } from '../shared/card-section';
import { formatDate, formatMonth, formatUsd } from './format';

const STATUS: Record<Invoice['status'], { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  open: { label: 'Open', tone: 'warning' },
  void: { label: 'Void', tone: 'neutral' },
  uncollectible: { label: 'Uncollectible', tone: 'danger' },
};

/**
 * The invoices (at most the 24 newest, one a month: the API does not page them), as a plain table: the list
 * component is for paged collections (docs/decisions.md).
 */
export function Invoices({ invoices }: { invoices: Billing['invoices'] }) {
  if (!invoices.length) return null;
  return (
    <CardSection title="Invoices" description="Issued by the payment provider, newest first.">
      <div className="-mx-5 overflow-x-auto px-5" role="region" aria-label="Invoices table" tabIndex={0}>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Invoice
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Period
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Issued
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((i) => (
              <tr key={i.id} className="border-b border-border last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
                  {i.number}
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">{formatMonth(i.periodStart)}</td>
                <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{formatDate(i.issuedAt)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatUsd(i.amountUsd)}</td>
                <td className="py-2">
                  <Badge tone={STATUS[i.status].tone}>{STATUS[i.status].label}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </CardSection>
  );
}
