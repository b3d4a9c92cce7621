import { checksumOk } from '../../../../src/shared/address-checksum';
import type { AbiItem } from '../../../../src/shared/abi';
import { checkMonitorFunction, isMonitorIssue } from '../../../../src/shared/contract-monitor';
import { getRow, parseJson } from '../../db/core';
import { scopeOf, type ApiContext } from '../context';
import { ApiError } from '../request-response';
import { INVALID_BODY_MESSAGE } from '../../../../src/shared/api/error-messages';

/** A 400 with one message at one field, as the other checks of the API answer. */
function fieldError(path: string, message: string): ApiError {
  return new ApiError('bad_request', INVALID_BODY_MESSAGE, [{ path, message }]);
}

/**
 * What a contract-function monitor watches (docs/api.md "Event monitors"): the contract of this project and mode, and
 * its function and arguments checked against the contract's ABI (src/shared/contract-monitor.ts, shared with the
 * promotion plan). Returns the columns to store: the function as its name, or its signature when the name is
 * overloaded, and the arguments trimmed.
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
  const r = checkMonitorFunction(
    parseJson<AbiItem[]>(contract.abi as string | null, []),
    b.functionName,
    b.functionArgs,
    checksumOk,
  );
  if (isMonitorIssue(r)) throw fieldError(r.path, r.message);
  return r;
}
