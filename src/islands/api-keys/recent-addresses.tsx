import { exactTime, RelativeTime } from '../../components/ui/relative-time';
import type { KeyAddress } from '../../shared/api/key-restrictions';

/**
 * The key's last addresses seen (at most 10, in the restrictions answer, newest first): a small table inside the card,
 * like the user page's metadata, since it is not a paged collection of its own.
 */
export function RecentAddresses({ addresses }: { addresses: KeyAddress[] }) {
  if (addresses.length === 0)
    return <p className="text-sm text-muted-foreground">Not used yet: the addresses of its calls show here.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Last addresses seen</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Address
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Last seen
            </th>
            <th scope="col" className="hidden py-1 pr-3 font-medium sm:table-cell">
              First seen
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Requests
            </th>
          </tr>
        </thead>
        <tbody>
          {addresses.map((a) => (
            <tr key={a.address} className="border-t border-border">
              <th scope="row" className="py-1.5 pr-3 text-left font-mono text-xs font-normal break-all">
                {a.address}
              </th>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                <RelativeTime iso={a.lastSeenAt} />
              </td>
              <td className="hidden py-1.5 pr-3 whitespace-nowrap sm:table-cell">{exactTime(a.firstSeenAt)}</td>
              <td className="py-1.5 text-right tabular-nums">{a.requestCount.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
