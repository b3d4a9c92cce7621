import type { ChipOption } from '../../components/data-list/filter-chips';
import { CHAINS_BY_MODE } from '../../shared/chains';
import type { Mode } from '../../shared/routes';

/** The chain filter's values for a mode: favorite chains first, then the rest, names from viem's registry. */
export function chainOptions(mode: Mode, favorites: readonly number[]): ChipOption[] {
  const chains = [...CHAINS_BY_MODE[mode]].sort(
    (a, b) => Number(favorites.includes(b.id)) - Number(favorites.includes(a.id)),
  );
  return chains.map((c) => ({ value: c.id, label: favorites.includes(c.id) ? `${c.name} (favorite)` : c.name }));
}
