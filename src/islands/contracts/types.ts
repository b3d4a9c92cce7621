import type { z } from 'zod';
import type { contractSchema } from '../../shared/api/contracts';
import type { AbiItem } from '../../shared/abi';

/** A contract as the API answers it (the list leaves out `abi`). */
export type Contract = Omit<z.infer<typeof contractSchema>, 'abi'> & { abi?: AbiItem[] };
