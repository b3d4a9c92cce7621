import type { KeyboardEvent, ReactNode } from 'react';
import { cellClassName, rowClassName } from './row-markup';

/** A column's part of a row: its cell and its extra class. */
export interface RowColumn<T> {
  id: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * One data row of the list: opens on click (not on a link or button inside it) and on Enter; the arrow keys move
 * between rows (the list's `onKeyDown`). Its markup is row-markup.ts's, which the early rows write too.
 */
export function DataRow<T>({
  row,
  columns,
  label,
  refreshing,
  onOpen,
  onKeyDown,
}: {
  row: T;
  columns: readonly RowColumn<T>[];
  label: string;
  refreshing: boolean;
  onOpen: (row: T) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>, row: T) => void;
}) {
  return (
    <tr
      data-row
      tabIndex={0}
      aria-label={label}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a,button')) return;
        onOpen(row);
      }}
      onKeyDown={(e) => onKeyDown(e, row)}
      className={rowClassName(refreshing)}
    >
      {columns.map((c) => (
        <td key={c.id} className={cellClassName(c.className)}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  );
}
