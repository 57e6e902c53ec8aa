import type { ReactNode } from 'react';

export type CardTableValue = string | number | ReactNode;
export type SortDirection = 'ascending' | 'descending';

const isPlain = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number';

/** Spec 5: a column is sortable only when every value in it is a string or a number. */
export const isSortable = (values: unknown[]) => values.every(isPlain);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: string | number, b: string | number) {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A sorted copy; rows keep their order among equals. */
export function sortRows<T>(rows: T[], getValue: (row: T) => unknown, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = getValue(x.row);
      const b = getValue(y.row);
      if (!isPlain(a) || !isPlain(b)) return x.index - y.index;
      return sign * compare(a, b) || x.index - y.index;
    })
    .map(({ row }) => row);
}

/** Rows whose name or any plain value contains the query, ignoring case. */
export function matchesSearch(query: string, name: string, values: unknown[]) {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [name, ...values.filter(isPlain)].some((value) => String(value).toLocaleLowerCase().includes(needle));
}
