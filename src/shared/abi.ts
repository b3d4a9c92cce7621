/**
 * JSON ABIs without viem or zod, for the contract page in the browser and the event monitors' checks in functions/:
 * reading pasted text (saying where it does not parse), grouping the items for the ABI browser, canonical signatures,
 * and checking a function's arguments by their Solidity types. The caller brings the checksum check (viem's): the
 * browser loads viem after the page shows.
 */

export interface AbiParam {
  name?: string;
  type: string;
  components?: AbiParam[];
  indexed?: boolean;
}

export interface AbiItem {
  type: 'function' | 'event' | 'error' | 'constructor' | 'fallback' | 'receive';
  name?: string;
  inputs?: AbiParam[];
  outputs?: AbiParam[];
  stateMutability?: 'pure' | 'view' | 'nonpayable' | 'payable';
  anonymous?: boolean;
}

const ITEM_TYPES = ['function', 'event', 'error', 'constructor', 'fallback', 'receive'];
const MUTABILITIES = ['pure', 'view', 'nonpayable', 'payable'];
const ELEMENTARY =
  /^(address|bool|string|bytes([1-9]|[12][0-9]|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|tuple)$/;

/** Line and column (1-based) of a character offset in a text. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

function checkParam(p: unknown, where: string): string | null {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return `${where} is not an object`;
  const param = p as Record<string, unknown>;
  if (typeof param.type !== 'string' || !param.type) return `${where} has no "type"`;
  const base = param.type.replace(/(\[\d*\])+$/, '');
  if (!ELEMENTARY.test(base)) return `${where} has an unknown type "${param.type}"`;
  if (/\[0\]/.test(param.type)) return `${where} has a zero-length array type "${param.type}"`;
  if (base === 'tuple') {
    if (!Array.isArray(param.components)) return `${where} is a tuple without "components"`;
    for (const [i, c] of param.components.entries()) {
      const e = checkParam(c, `${where}, component ${i}`);
      if (e) return e;
    }
  }
  return null;
}

/**
 * Parses pasted ABI text: a JSON array of items, or an object with an `abi` array (a Hardhat or Foundry artifact).
 * Errors say where: the JSON position (line and column) or the entry and what is wrong with it.
 */
export function parseAbiText(text: string): { abi: AbiItem[] } | { error: string } {
  if (!text.trim()) return { error: 'Paste the ABI as JSON, or pick a standard.' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /position (\d+)/.exec(message);
    const where = at ? ` at ${lineColumn(text, Number(at[1]))}` : '';
    const what = message.replace(/\s*(in JSON )?at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    return { error: `Not valid JSON${where}: ${what}` };
  }
  if (json && typeof json === 'object' && !Array.isArray(json) && Array.isArray((json as { abi?: unknown }).abi))
    json = (json as { abi: unknown }).abi;
  if (!Array.isArray(json)) return { error: 'The ABI must be a JSON array of items (functions, events, errors).' };
  for (const [i, raw] of json.entries()) {
    const label = (name: unknown) => `Entry ${i}${typeof name === 'string' && name ? ` (${name})` : ''}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { error: `${label(null)} is not an object.` };
    const item = raw as Record<string, unknown>;
    const where = label(item.name);
    if (!ITEM_TYPES.includes(String(item.type)))
      return { error: `${where}: "type" must be one of ${ITEM_TYPES.join(', ')} (got ${JSON.stringify(item.type)}).` };
    if (['function', 'event', 'error'].includes(item.type as string) && (typeof item.name !== 'string' || !item.name))
      return { error: `${where}: a ${String(item.type)} needs a "name".` };
    if (item.stateMutability !== undefined && !MUTABILITIES.includes(String(item.stateMutability)))
      return { error: `${where}: unknown "stateMutability" ${JSON.stringify(item.stateMutability)}.` };
    for (const key of ['inputs', 'outputs'] as const) {
      if (item[key] === undefined) continue;
      if (!Array.isArray(item[key])) return { error: `${where}: "${key}" must be an array.` };
      for (const [j, p] of (item[key] as unknown[]).entries()) {
        const e = checkParam(p, `${key} ${j}`);
        if (e) return { error: `${where}: ${e}.` };
      }
    }
  }
  return { abi: json as AbiItem[] };
}

/** The canonical type of a parameter: tuples spelled out, `(address,uint256)[]`. */
export function canonicalType(p: AbiParam): string {
  if (!p.type.startsWith('tuple')) return p.type;
  return `(${(p.components ?? []).map(canonicalType).join(',')})${p.type.slice(5)}`;
}

/** `transfer(address,uint256)`. */
export function signatureOf(item: AbiItem): string {
  return `${item.name ?? ''}(${(item.inputs ?? []).map(canonicalType).join(',')})`;
}

/** A readable signature with parameter names: `transfer(address to, uint256 amount)`. */
export function readableSignature(item: AbiItem): string {
  const params = (item.inputs ?? []).map((p) => `${canonicalType(p)}${p.name ? ` ${p.name}` : ''}`);
  const outs = (item.outputs ?? []).map(canonicalType);
  return `${item.name ?? ''}(${params.join(', ')})${outs.length ? ` returns (${outs.join(', ')})` : ''}`;
}

export interface AbiGroups {
  read: AbiItem[];
  write: AbiItem[];
  events: AbiItem[];
  errors: AbiItem[];
}

/** Functions by read (view, pure) and write, events and errors, each by name. */
export function groupAbi(abi: readonly AbiItem[]): AbiGroups {
  const by = (a: AbiItem, b: AbiItem) => (a.name ?? '').localeCompare(b.name ?? '');
  const fns = abi.filter((i) => i.type === 'function');
  const readOnly = (i: AbiItem) => i.stateMutability === 'view' || i.stateMutability === 'pure';
  return {
    read: fns.filter(readOnly).sort(by),
    write: fns.filter((i) => !readOnly(i)).sort(by),
    events: abi.filter((i) => i.type === 'event').sort(by),
    errors: abi.filter((i) => i.type === 'error').sort(by),
  };
}

/** The function a `function` search param names: by signature (spaces ignored) first, else the first by name. */
export function findFunction(abi: readonly AbiItem[], wanted: string): AbiItem | undefined {
  const fns = abi.filter((i) => i.type === 'function');
  const w = wanted.replace(/\s+/g, '');
  return fns.find((f) => signatureOf(f) === w) ?? (w.includes('(') ? undefined : fns.find((f) => f.name === w));
}

/** A checked argument value, or the reason it is not one (with a path into arrays and tuples). */
export type ArgResult = { value: unknown } | { error: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Checks one argument against its Solidity type. Scalars arrive as the text typed; arrays and tuples as JSON text
 * (or already parsed values inside them). `checksum` checks a mixed-case address (viem's, loaded with the page).
 */
export function checkArg(p: AbiParam, input: unknown, checksum: (a: string) => boolean, path = ''): ArgResult {
  const at = path ? `${path}: ` : '';
  const array = /^(.*)\[(\d*)\]$/.exec(p.type);
  if (array || p.type === 'tuple') {
    let v = input;
    if (typeof v === 'string') {
      if (!v.trim()) return { error: `${at}Enter a JSON ${array ? 'array' : 'array or object'}` };
      try {
        v = JSON.parse(v);
      } catch {
        return { error: `${at}Not valid JSON: enter ${array ? 'an array like ["1", "2"]' : 'an array or object'}` };
      }
    }
    if (array) {
      if (!Array.isArray(v)) return { error: `${at}Expected an array` };
      const size = array[2] ? Number(array[2]) : null;
      if (size !== null && v.length !== size) return { error: `${at}Expected exactly ${size} items, got ${v.length}` };
      const inner: AbiParam = { ...p, type: array[1]! };
      const out: unknown[] = [];
      for (const [i, x] of v.entries()) {
        const r = checkArg(
          inner,
          typeof x === 'string' || inner.type.match(/\]$|^tuple/) ? x : String(x),
          checksum,
          `${path}[${i}]`,
        );
        if ('error' in r) return r;
        out.push(r.value);
      }
      return { value: out };
    }
    const comps = p.components ?? [];
    if (!v || typeof v !== 'object') return { error: `${at}Expected an array or object of ${comps.length} fields` };
    const values = Array.isArray(v) ? v : comps.map((c) => (v as Record<string, unknown>)[c.name ?? '']);
    if (values.length !== comps.length) return { error: `${at}Expected ${comps.length} fields, got ${values.length}` };
    const out: Record<string, unknown> | unknown[] = comps.every((c) => c.name) ? {} : [];
    for (const [i, c] of comps.entries()) {
      const x = values[i];
      if (x === undefined) return { error: `${at}Missing field ${c.name ?? i}` };
      const r = checkArg(
        c,
        typeof x === 'string' || /\]$|^tuple/.test(c.type) ? x : String(x),
        checksum,
        `${path}.${c.name || i}`,
      );
      if ('error' in r) return r;
      if (Array.isArray(out)) out.push(r.value);
      else out[c.name!] = r.value;
    }
    return { value: out };
  }

  const text = String(input).trim();
  if (p.type === 'address') {
    if (!ADDRESS.test(text)) return { error: `${at}Expected a 0x-prefixed address of 40 hex digits` };
    if (!checksum(text)) return { error: `${at}The address checksum (its mix of upper and lower case) does not match` };
    return { value: text };
  }
  if (p.type === 'bool') {
    if (text === 'true' || text === 'false') return { value: text === 'true' };
    return { error: `${at}Expected true or false` };
  }
  if (p.type === 'string') return { value: String(input) };
  if (p.type === 'bytes') {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) return { error: `${at}Expected 0x-prefixed hex with whole bytes` };
    return { value: text };
  }
  const fixed = /^bytes(\d+)$/.exec(p.type);
  if (fixed) {
    const n = Number(fixed[1]);
    if (!/^0x[0-9a-fA-F]*$/.test(text)) return { error: `${at}Expected 0x-prefixed hex` };
    const got = (text.length - 2) / 2;
    if (text.length - 2 !== n * 2)
      return { error: `${at}Expected exactly ${n} byte${n === 1 ? '' : 's'} (${n * 2} hex digits), got ${got}` };
    return { value: text };
  }
  const int = /^(u?)int(\d*)$/.exec(p.type);
  if (int) {
    const bits = Number(int[2] || 256);
    const unsigned = int[1] === 'u';
    if (!/^-?\d+$/.test(text) && !/^0x[0-9a-fA-F]+$/.test(text))
      return { error: `${at}Expected a whole number (decimal, or hex with 0x)` };
    const n = text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text);
    const min = unsigned ? 0n : -(2n ** BigInt(bits - 1));
    const max = unsigned ? 2n ** BigInt(bits) - 1n : 2n ** BigInt(bits - 1) - 1n;
    if (n < min || n > max) return { error: `${at}Out of range for ${p.type}: ${min} to ${max}` };
    return { value: n };
  }
  return { error: `${at}Unsupported type ${p.type}` };
}

/** A placeholder that shows the expected shape of an input. */
export function placeholderFor(p: AbiParam): string {
  if (/\]$/.test(p.type)) return `JSON array, e.g. ${p.type.startsWith('address') ? '["0x…"]' : '["1", "2"]'}`;
  if (p.type === 'tuple') return `JSON: {${(p.components ?? []).map((c) => `"${c.name}": …`).join(', ')}}`;
  if (p.type === 'address') return '0x…';
  if (p.type === 'bool') return 'true or false';
  if (p.type.startsWith('bytes')) return '0x…';
  if (/int/.test(p.type)) return '0';
  return '';
}
