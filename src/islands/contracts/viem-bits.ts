/** The parts of viem the contract screens use, in one chunk loaded with `import()` after the page shows. */
export { checksumOk } from '../../shared/address-checksum';
export {
  decodeFunctionResult,
  encodeFunctionData,
  erc1155Abi,
  erc20Abi,
  erc721Abi,
  getAddress,
  toFunctionSelector,
} from 'viem';

export type ViemBits = typeof import('./viem-bits');
