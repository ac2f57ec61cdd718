// A grid of tariff cells as a spreadsheet works: arrows move between cells, Enter (or typing)
// edits, Enter commits and moves down, Tab commits and moves right, Escape gives the value back.
// One cell is in the tab order at a time (roving tabindex); the grid is a labelled ARIA grid.

import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Cell, type Grid, readCell } from './cells';

interface Props {
  grid: Grid;
  /** Cells may be edited (an editor, on a draft). */
  editable: boolean;
  /** The staff member may edit (an editor or more), once there is a draft. */
  canDraft: boolean;
  onCommit: (cell: Cell, value: number | string | null) => void;
}

export function TariffGrid({ grid, editable, canDraft, onCommit }: Props) {
  const { t, i18n } = useTranslation('texts');
  const [at, setAt] = useState<[number, number]>([0, 0]);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const focusNext = useRef(false);
  const columns = grid.columns;
  const number = new Intl.NumberFormat(i18n.language === 'el' ? 'el-GR' : 'en-GB', {
    maximumFractionDigits: 6,
  });

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    const target = table.current?.querySelector<HTMLElement>(`[data-cell="${at[0]}:${at[1]}"]`);
    (target?.querySelector<HTMLElement>('input') ?? target)?.focus();
  });

  const move = (row: number, col: number) => {
    const r = Math.max(0, Math.min(grid.rows.length - 1, row));
    const c = Math.max(0, Math.min(columns.length - 1, col));
    focusNext.current = true;
    setAt([r, c]);
  };
  const cellAt = (r: number, c: number): Cell | undefined => grid.rows[r]?.cells[columns[c]?.id];

  const commit = (cell: Cell, text: string): boolean => {
    const read = readCell(cell, text);
    if (!read.ok) {
      setError(t(`tariff.cellError.${read.reason}`, { min: cell.min, max: cell.max }));
      return false;
    }
    setError(null);
    setEditing(null);
    if (read.value !== cell.value) onCommit(cell, read.value);
    return true;
  };

  const onCellKey = (event: KeyboardEvent<HTMLElement>, r: number, c: number) => {
    const cell = cellAt(r, c);
    const target: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      Home: [r, 0],
      End: [r, columns.length - 1],
    };
    const next = target[event.key];
    if (next) {
      event.preventDefault();
      move(next[0], next[1]);
    } else if ((event.key === 'Enter' || event.key === 'F2') && cell && editable) {
      event.preventDefault();
      focusNext.current = true;
      setEditing(cell.pointer);
    }
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>, cell: Cell, r: number, c: number) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setError(null);
      setEditing(null);
      move(r, c);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      if (!commit(cell, event.currentTarget.value)) return;
      if (event.key === 'Enter') move(r + 1, c);
      else if (event.shiftKey) c > 0 ? move(r, c - 1) : move(r - 1, columns.length - 1);
      else c < columns.length - 1 ? move(r, c + 1) : move(r + 1, 0);
    }
  };

  const shown = (cell: Cell) =>
    cell.value === null ? '—' : typeof cell.value === 'number' ? number.format(cell.value) : cell.value;
  const caption = t(`tariff.grids.${grid.id}.title`);

  return (
    <div className="tariff-grid">
      <div className="tariff-grid__scroll">
        <table ref={table} role="grid" aria-label={caption} aria-describedby={`grid-help-${grid.id}`}>
          <thead>
            <tr>
              <th scope="col">{t(`tariff.grids.${grid.id}.row`)}</th>
              {columns.map((col) => (
                <th scope="col" key={col.id}>
                  {t(`tariff.columns.${col.id}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row, r) => (
              <tr key={row.id}>
                <th scope="row">
                  <span className="tariff-grid__label">{row.label}</span>
                  {row.note ? <span className="tariff-grid__note">{row.note}</span> : null}
                </th>
                {columns.map((col, c) => {
                  const cell = row.cells[col.id];
                  const active = at[0] === r && at[1] === c;
                  const isEditing = cell !== undefined && editing === cell.pointer;
                  const label = `${row.label}, ${t(`tariff.columns.${col.id}`)}`;
                  return (
                    <td
                      key={col.id}
                      role="gridcell"
                      data-cell={`${r}:${c}`}
                      tabIndex={isEditing ? -1 : active ? 0 : -1}
                      aria-readonly={!editable || !cell}
                      aria-label={isEditing ? undefined : `${label}: ${cell ? shown(cell) : '—'}`}
                      className={cell ? 'tariff-grid__cell' : 'tariff-grid__cell tariff-grid__cell--none'}
                      onKeyDown={isEditing ? undefined : (e) => onCellKey(e, r, c)}
                      onFocus={() => (active ? undefined : setAt([r, c]))}
                      onDoubleClick={() => {
                        if (cell && editable) {
                          focusNext.current = true;
                          setEditing(cell.pointer);
                        }
                      }}
                    >
                      {isEditing && cell ? (
                        <input
                          className="input tariff-grid__input"
                          aria-label={label}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `grid-error-${grid.id}` : undefined}
                          inputMode={cell.type === 'number' ? 'decimal' : undefined}
                          defaultValue={cell.value === null ? '' : String(cell.value)}
                          onKeyDown={(e) => onInputKey(e, cell, r, c)}
                          onBlur={(e) => {
                            if (editing === cell.pointer) commit(cell, e.currentTarget.value);
                          }}
                        />
                      ) : cell ? (
                        shown(cell)
                      ) : (
                        ''
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id={`grid-help-${grid.id}`} className="studio-muted tariff-grid__help">
        {editable ? t('tariff.gridHelp') : canDraft ? t('tariff.gridReadOnly') : t('tariff.gridViewer')}
      </p>
      {error ? (
        <p id={`grid-error-${grid.id}`} className="studio-alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
