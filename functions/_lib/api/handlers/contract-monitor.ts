import { checksumOk } from '../../../../src/shared/address-checksum';
import { checkArg, findFunction, signatureOf, type AbiItem } from '../../../../src/shared/abi';
import { getRow, parseJson } from '../../db/core';
import { scopeOf, type ApiContext } from '../context';
import { ApiError } from '../request-response';
import { INVALID_BODY_MESSAGE } from '../../../../src/shared/api/error-messages';

/** A 400 with one message at one field, as the other checks of the API answer. */
function fieldError(path: string, message: string): ApiError {
  return new ApiError('bad_request', INVALID_BODY_MESSAGE, [{ path, message }]);
}

/**
 * What a contract-function monitor watches (docs/api.md "Event monitors"): the contract of this project and mode, one
 * of its ABI's functions (by name, or by signature when the name is overloaded and arguments are given), and for
 * each of the function's inputs a value checked against its Solidity type, or "" for any value. Returns the columns
 * to store: the function as its name, or its signature when the name is overloaded, and the arguments trimmed.
 */
export async function checkContractMonitor(
  c: ApiContext,
  b: { type: string; contractId?: string; functionName?: string; functionArgs?: string[] },
): Promise<{ functionName: string | null; functionArgs: string[] | null }> {
  if (b.type !== 'contract_function') {
    if (b.functionName !== undefined)
      throw fieldError('functionName', 'Only a contract-function monitor has a function');
    if (b.functionArgs !== undefined)
      throw fieldError('functionArgs', 'Only a contract-function monitor has arguments');
    return { functionName: null, functionArgs: null };
  }
  if (!b.contractId) throw fieldError('contractId', 'Choose the contract to watch');
  const contract = await getRow(c.db, 'contracts', scopeOf(c), b.contractId);
  if (!contract) throw fieldError('contractId', 'Not found');
  if (b.functionName === undefined) {
    if (b.functionArgs !== undefined) throw fieldError('functionName', 'Choose the function the arguments are for');
    return { functionName: null, functionArgs: null };
  }
  const abi = parseJson<AbiItem[]>(contract.abi as string | null, []);
  const fns = abi.filter((i) => i.type === 'function');
  if (!fns.length) {
    if (b.functionArgs !== undefined)
      throw fieldError('functionArgs', 'The contract has no ABI: add one to match arguments');
    if (!/^[A-Za-z_$][\w$]*$/.test(b.functionName)) throw fieldError('functionName', 'Not a function name');
    return { functionName: b.functionName, functionArgs: null };
  }
  const fn = findFunction(fns, b.functionName);
  if (!fn) throw fieldError('functionName', 'Not a function of the contract’s ABI');
  const overloads = fns.filter((f) => f.name === fn.name);
  const bare = !b.functionName.includes('(');
  if (bare && overloads.length > 1 && b.functionArgs !== undefined)
    throw fieldError(
      'functionName',
      `${fn.name} has ${overloads.length} overloads: give its signature, such as ${signatureOf(overloads[0]!)}`,
    );
  const functionName = overloads.length > 1 && !bare ? signatureOf(fn) : fn.name!;
  if (b.functionArgs === undefined) return { functionName, functionArgs: null };
  const inputs = fn.inputs ?? [];
  if (b.functionArgs.length !== inputs.length)
    throw fieldError(
      'functionArgs',
      `${signatureOf(fn)} takes ${inputs.length} argument${inputs.length === 1 ? '' : 's'}, got ${b.functionArgs.length}`,
    );
  const args = b.functionArgs.map((a) => a.trim());
  args.forEach((value, i) => {
    if (value === '') return;
    const r = checkArg(inputs[i]!, value, checksumOk);
    if ('error' in r) throw fieldError(`functionArgs.${i}`, r.error);
  });
  return { functionName, functionArgs: args };
}
