/// <reference lib="webworker" />
/**
 * Parses a chosen file off the main thread (the page stays responsive with 100,000 rows): CSV with papaparse, Firebase
 * `auth:export` JSON, Auth0 JSON lines, Supabase CSV or JSON. Keeps the records; maps them and runs the dry run on
 * request. Messages: see parse-client.ts.
 */
import Papa from 'papaparse';
import { dryRun, mapRecord, type ImportMapping, type ImportRow } from '../../shared/api/user-import.ts';
import { flatten, type SourceKind } from './sources.ts';

let records: Record<string, unknown>[] = [];

function fromJson(text: string, source: SourceKind): Record<string, unknown>[] {
  if (source === 'auth0') {
    const out: Record<string, unknown>[] = [];
    const lines = text.split(/\r?\n/);
    // A file that is one JSON array is accepted too.
    if (lines[0]?.trim().startsWith('[')) return (JSON.parse(text) as unknown[]).map((u) => flatten(u));
    for (const [i, line] of lines.entries()) {
      if (!line.trim()) continue;
      try {
        out.push(flatten(JSON.parse(line)));
      } catch {
        throw new Error(`Line ${i + 1} is not JSON: an Auth0 export has one user per line`);
      }
    }
    return out;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('This file is not JSON');
  }
  const list = Array.isArray(data) ? data : (data as { users?: unknown })?.users;
  if (!Array.isArray(list))
    throw new Error(
      source === 'firebase' ? 'Expected a Firebase export: { "users": [ … ] }' : 'Expected a list of users',
    );
  return list.map((u) => flatten(u));
}

function fromCsv(text: string): Record<string, unknown>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' });
  if (!parsed.meta.fields?.length) throw new Error('The first line of a CSV file must name its columns');
  return parsed.data;
}

async function sha256(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

self.onmessage = async (e: MessageEvent) => {
  const msg = e.data as { type: 'parse'; file: File; source: SourceKind } | { type: 'map'; mapping: ImportMapping };
  try {
    if (msg.type === 'parse') {
      const text = await msg.file.text();
      const csv = msg.source === 'csv' || (msg.source === 'supabase' && !/^\s*[[{]/.test(text));
      records = csv ? fromCsv(text) : fromJson(text, msg.source);
      if (!records.length) throw new Error('This file holds no users');
      const columns = [...new Set(records.slice(0, 200).flatMap((r) => Object.keys(r)))];
      self.postMessage({
        type: 'parsed',
        count: records.length,
        columns,
        sample: records.slice(0, 5),
        hash: await sha256(msg.file),
      });
    } else {
      const rows: ImportRow[] = records.map((r, i) => mapRecord(r, i + 1, msg.mapping));
      self.postMessage({ type: 'mapped', rows, failures: dryRun(rows) });
    }
  } catch (error) {
    self.postMessage({ type: 'error', message: error instanceof Error ? error.message : 'The file could not be read' });
  }
};
