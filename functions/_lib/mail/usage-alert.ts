import { escapeHtml } from './transactional';

const usd = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The email of a crossed usage threshold (docs/api.md "Usage alerts and spend caps"): which project, which meter, how
 * much of it, and the billing page to act on.
 */
export function usageAlertMail(o: {
  projectName: string;
  meter: 'operations' | 'gas';
  threshold: number;
  used: number;
  limit: number;
  period: string;
  link: string;
}) {
  const what =
    o.meter === 'operations'
      ? `${o.threshold} % of its included operations`
      : `${o.threshold} % of its monthly gas budget`;
  const detail =
    o.meter === 'operations'
      ? `${o.used.toLocaleString('en-US')} of ${o.limit.toLocaleString('en-US')} included operations used in ${o.period}.`
      : `${usd(o.used)} of the ${usd(o.limit)} gas budget sponsored in ${o.period}.`;
  const subject = `${o.projectName} reached ${what}`;
  const text = [`${o.projectName} reached ${what}.`, detail, `Billing and alert settings: ${o.link}`].join('\n\n');
  const html =
    `<p><strong>${escapeHtml(o.projectName)}</strong> reached ${escapeHtml(what)}.</p>` +
    `<p>${escapeHtml(detail)}</p>` +
    `<p><a href="${escapeHtml(o.link)}">Open billing and alert settings</a></p>`;
  return { subject, html, text };
}
