/** Money, counts and billing periods as the billing screen shows them (UTC, US English). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');
const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const formatUsd = (v: number): string => usd.format(v);
export const formatCount = (v: number): string => count.format(v);

/** Price of a plan per 1,000 operations over what it includes: `$1.00`, or `$0.50`. */
export const formatRate = (v: number): string => usd.format(v);

/** A period given as [start, end): `Nov 1 – Nov 30, 2026` (the end is exclusive, so its day is the one before). */
export function formatPeriod(start: string, end: string): string {
  const last = new Date(Date.parse(end) - 86_400_000);
  return `${dayMonth.format(new Date(start))} – ${fullDate.format(last)}`;
}

/** The calendar month a period covers: `November 2026`. */
export const formatMonth = (iso: string): string => monthYear.format(new Date(iso));

export const formatDate = (iso: string): string => fullDate.format(new Date(iso));

/** Whole days left in a period that ends (exclusively) at `end`. */
export function daysLeft(end: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(end) - now) / 86_400_000));
}
