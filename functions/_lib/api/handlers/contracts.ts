import { getAddress, parseAbiItem, parseAbiParameters, toFunctionSelector, type AbiFunction } from 'viem';
import { formatAbiItem, formatAbiParams } from 'viem/utils';
import { newId } from '../../../../src/shared/api/ids';
import {
  contractCreateSchema,
  contractListSpec,
  contractSchema,
  contractUpdateSchema,
} from '../../../../src/shared/api/contracts';
import { insertStmt, isUniqueViolation, parseJson, type Row } from '../../db/core';
import { modeOf, type ApiRoute, defineRoute } from '../context';
import { ApiError, isoStrict } from '../request-response';
import { auditFor, commitCreate } from '../write-commits';
import { deleteRoute, getRoute, listRoute, updateRoute } from '../route-builders';
import { strategyUser } from '../strategy-refs';

const P = '/projects/:projectId/:mode/contracts';
const CONTRACTS = {
  table: 'contracts',
  columns: { createdAt: 'created_at', chainId: 'chain_id', name: 'name', address: 'address' },
};

/** Validates a JSON ABI with viem: every item must format and re-parse, functions must have a selector. */
export function validateAbi(abi: Record<string, unknown>[]): string[] {
  const functions: string[] = [];
  abi.forEach((item, i) => {
    try {
      if (item.type === 'fallback' || item.type === 'receive') return;
      if (item.type === 'constructor') {
        const inputs = formatAbiParams(item.inputs as never);
        if (inputs) parseAbiParameters(inputs as never);
        return;
      }
      const signature = formatAbiItem(item as never);
      parseAbiItem(`${String(item.type)} ${signature}` as never);
      if (item.type === 'function') {
        toFunctionSelector(item as unknown as AbiFunction);
        functions.push(signature);
      }
    } catch (err) {
      const why = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 200) : 'invalid';
      throw new ApiError('bad_request', `Invalid ABI item at index ${i}: ${why}`, [{ path: `abi.${i}`, message: why }]);
    }
  });
  return functions;
}

/** The address in its checksummed form; a mixed-case address whose checksum does not match is a 400 at `address`. */
function checksummed(address: string): string {
  const sum = getAddress(address);
  const hex = address.slice(2);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && sum !== address) {
    const why = 'The address checksum (its mix of upper and lower case) does not match: check it for a typo';
    throw new ApiError('bad_request', why, [{ path: 'address', message: why }]);
  }
  return sum;
}

function contractToApi(r: Row, withAbi = false) {
  const abi = parseJson<Record<string, unknown>[]>(r.abi, []);
  return {
    id: r.id,
    name: r.name,
    chainId: r.chain_id,
    address: r.address,
    ...(withAbi ? { abi } : {}),
    functions: abi.filter((i) => i.type === 'function').map((i) => String(i.name)),
    publicVerified: r.public_verified === 1,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

export const contractRoutes: ApiRoute[] = [
  listRoute({
    path: P,
    tag: 'Contracts',
    summary: 'List contracts (without ABIs)',
    def: CONTRACTS,
    spec: contractListSpec,
    toApi: (r) => contractToApi(r),
    item: contractSchema,
  }),
  defineRoute({
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Contracts',
    summary: 'Add a contract (ABI validated with viem)',
    body: contractCreateSchema,
    response: contractSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      validateAbi(b.abi);
      const row: Row = {
        id: newId('con'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        name: b.name,
        chain_id: b.chainId,
        address: checksummed(b.address),
        abi: JSON.stringify(b.abi),
        public_verified: b.publicVerified ? 1 : 0,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = contractToApi(row, true);
      try {
        return await commitCreate(c, {
          statements: [insertStmt(c.db, 'contracts', row)],
          audit: auditFor(c, 'contract.created', 'contracts', row.id as string),
          body: response,
          response,
          requestBody: b,
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new ApiError('conflict', 'This contract address is already added on this chain');
        throw err;
      }
    },
  }),
  getRoute({
    path: `${P}/:id`,
    tag: 'Contracts',
    summary: 'Read a contract with its ABI',
    table: 'contracts',
    what: 'Contract',
    toApi: (r) => contractToApi(r, true),
    item: contractSchema,
  }),
  updateRoute({
    path: `${P}/:id`,
    tag: 'Contracts',
    summary: 'Update a contract',
    table: 'contracts',
    what: 'Contract',
    action: 'contract.updated',
    body: contractUpdateSchema,
    toApi: (r) => contractToApi(r, true),
    item: contractSchema,
    toColumns: (b) => {
      if (b.abi) validateAbi(b.abi);
      return {
        ...(b.name === undefined ? {} : { name: b.name }),
        ...(b.abi === undefined ? {} : { abi: b.abi }),
        ...(b.publicVerified === undefined ? {} : { public_verified: b.publicVerified }),
      };
    },
  }),
  deleteRoute({
    path: `${P}/:id`,
    tag: 'Contracts',
    summary: 'Delete a contract',
    table: 'contracts',
    what: 'Contract',
    action: 'contract.deleted',
    inUse: (c, id) => strategyUser(c, 'tokenContract', id, 'contract'),
  }),
];
