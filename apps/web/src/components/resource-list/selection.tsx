import { Button, Checkbox, Group } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { ColumnSpec } from './types';

type Key = number | string;

/** The rows checked for a bulk action (e.g. 確定). */
export interface RowSelection<K extends Key> {
  ids: ReadonlySet<K>;
  size: number;
  has: (id: K) => boolean;
  toggle: (id: K) => void;
  setAll: (ids: Iterable<K>) => void;
  clear: () => void;
}

/**
 * Rows checked on the shown page. A change of `scope` (another page, another filter) forgets them, so a bulk
 * action never reaches rows the person no longer sees.
 */
export function useRowSelection<K extends Key>(scope: string): RowSelection<K> {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<K> }>(() => ({ scope, ids: new Set() }));
  // a new scope starts empty (state adjusted while rendering, as React advises for a changed prop)
  if (state.scope !== scope) setState({ scope, ids: new Set() });
  const ids = state.scope === scope ? state.ids : new Set<K>();
  const current = (prev: { scope: string; ids: ReadonlySet<K> }) => (prev.scope === scope ? prev.ids : new Set<K>());
  return {
    ids,
    size: ids.size,
    has: (id) => ids.has(id),
    toggle: (id) =>
      setState((prev) => {
        const next = new Set(current(prev));
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return { scope, ids: next };
      }),
    setAll: (all) => setState({ scope, ids: new Set(all) }),
    clear: () => setState({ scope, ids: new Set() }),
  };
}

/** A leading checkbox column bound to a selection (its header is read by screen readers only). */
export function selectionColumn<T extends { id: K }, K extends Key>(
  selection: RowSelection<K>,
  opts: {
    /** The checkbox's aria-label (e.g. 「2026-04-01 ﾃﾞﾝﾜﾘﾖｳ を選択」). */
    rowLabel: (row: T) => string;
    /** Rows without a checkbox (e.g. already confirmed). */
    shown?: (row: T) => boolean;
    /** Rows whose checkbox is disabled (e.g. nothing to confirm with). */
    enabled?: (row: T) => boolean;
    label?: string;
  },
): ColumnSpec<T> {
  return {
    label: opts.label ?? '選択',
    hideLabel: true,
    w: 32,
    actions: true,
    render: (row) =>
      (opts.shown?.(row) ?? true) && (
        <Checkbox
          aria-label={opts.rowLabel(row)}
          checked={selection.has(row.id)}
          disabled={!(opts.enabled?.(row) ?? true)}
          onChange={() => selection.toggle(row.id)}
        />
      ),
  };
}

/**
 * The bulk action bar of a selection: 「select every eligible row」 and the list's actions (children). It takes
 * its own line in a list's toolbar (`toolbarExtra`).
 */
export function SelectionBar<K extends Key>({
  selection,
  eligible,
  selectAllLabel,
  children,
}: {
  selection: RowSelection<K>;
  /** The rows of the shown page that may be selected. */
  eligible: readonly K[];
  selectAllLabel: string;
  children?: ReactNode;
}) {
  return (
    <Group style={{ flexBasis: '100%' }}>
      <Button variant="default" size="xs" onClick={() => selection.setAll(eligible)} disabled={eligible.length === 0}>
        {selectAllLabel}
      </Button>
      {children}
    </Group>
  );
}
