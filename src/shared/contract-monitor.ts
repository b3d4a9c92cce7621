import { checkArg, findFunction, signatureOf, type AbiItem } from './abi.ts';

/** What a contract-function monitor stores: its function (name, or signature when overloaded) and its arguments. */
export interface MonitorTarget {
  functionName: string | null;
  functionArgs: string[] | null;
}

/** Why a monitor's function or arguments are refused: one message at one field. */
export interface MonitorIssue {
  path: string;
  message: string;
}

/**
 * The checks of a contract-function monitor against its contract's ABI (docs/api.md "Event monitors"), shared by the
 * event-monitor routes and the promotion plan, so a promoted monitor passes exactly the checks of a hand-made one: the
 * function by name, or by signature when the name is overloaded and arguments are given; each argument checked
 * against its Solidity type, or "" for any value. Without an ABI only the name's form is checked. `checksum` checks a
 * mixed-case address (viem's: passed in, so this module does not load it).
 */
export function checkMonitorFunction(
  abiItems: readonly AbiItem[],
  functionName: string | undefined,
  functionArgs: string[] | undefined,
  checksum: (address: string) => boolean,
): MonitorTarget | MonitorIssue {
  if (functionName === undefined) {
    if (functionArgs !== undefined)
      return { path: 'functionName', message: 'Choose the function the arguments are for' };
    return { functionName: null, functionArgs: null };
  }
  const fns = abiItems.filter((i) => i.type === 'function');
  if (!fns.length) {
    if (functionArgs !== undefined)
      return { path: 'functionArgs', message: 'The contract has no ABI: add one to match arguments' };
    if (!/^[A-Za-z_$][\w$]*$/.test(functionName)) return { path: 'functionName', message: 'Not a function name' };
    return { functionName, functionArgs: null };
  }
  const fn = findFunction(fns, functionName);
  if (!fn) return { path: 'functionName', message: 'Not a function of the contract’s ABI' };
  const overloads = fns.filter((f) => f.name === fn.name);
  const bare = !functionName.includes('(');
  if (bare && overloads.length > 1 && functionArgs !== undefined)
    return {
      path: 'functionName',
      message: `${fn.name} has ${overloads.length} overloads: give its signature, such as ${signatureOf(overloads[0]!)}`,
    };
  const name = overloads.length > 1 && !bare ? signatureOf(fn) : fn.name!;
  if (functionArgs === undefined) return { functionName: name, functionArgs: null };
  const inputs = fn.inputs ?? [];
  if (functionArgs.length !== inputs.length)
    return {
      path: 'functionArgs',
      message: `${signatureOf(fn)} takes ${inputs.length} argument${inputs.length === 1 ? '' : 's'}, got ${functionArgs.length}`,
    };
  const args = functionArgs.map((a) => a.trim());
  for (const [i, value] of args.entries()) {
    if (value === '') continue;
    const r = checkArg(inputs[i]!, value, checksum);
    if ('error' in r) return { path: `functionArgs.${i}`, message: r.error };
  }
  return { functionName: name, functionArgs: args };
}

export const isMonitorIssue = (r: MonitorTarget | MonitorIssue): r is MonitorIssue => 'message' in r;
