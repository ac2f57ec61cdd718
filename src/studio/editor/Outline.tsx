// The flow's steps, substeps, fields and answer lists as a list the keyboard can walk: each node
// is a button (its label in the studio's language, its id), the selected one marked; Alt+Up and
// Alt+Down move it, Delete asks to delete it.

import { useTranslation } from 'react-i18next';
import type { OutlineNode } from './model/structure';

export interface OutlineProps {
  nodes: OutlineNode[];
  selected: string;
  label: (key: string | undefined) => string;
  onSelect: (pointer: string) => void;
  onMove: (pointer: string, delta: -1 | 1) => void;
  onDelete: (pointer: string) => void;
}

export function Outline({ nodes, selected, label, onSelect, onMove, onDelete }: OutlineProps) {
  const { t } = useTranslation('editor');
  const render = (list: OutlineNode[], depth: number) => (
    <ul className={`outline__list outline__list--${depth}`}>
      {list.map((node) => (
        <li key={node.pointer}>
          <button
            type="button"
            className="outline__node"
            data-pointer={node.pointer}
            aria-current={node.pointer === selected ? 'true' : undefined}
            onClick={() => onSelect(node.pointer)}
            onKeyDown={(e) => {
              if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
                e.preventDefault();
                onMove(node.pointer, e.key === 'ArrowUp' ? -1 : 1);
              } else if (e.key === 'Delete') {
                e.preventDefault();
                onDelete(node.pointer);
              }
            }}
          >
            <span className="outline__kind">{t(`kinds.${node.kind}`)}</span> {label(node.labelKey) || node.id}{' '}
            <code className="outline__id">{node.id}</code>
          </button>
          {node.children.length > 0 && render(node.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="outline" aria-label={t('outline.title')}>
      <h2>{t('outline.title')}</h2>
      <button
        type="button"
        className="outline__node"
        aria-current={selected === '' ? 'true' : undefined}
        onClick={() => onSelect('')}
      >
        {t('outline.wholeFlow')}
      </button>
      <div className="outline__tree">{render(nodes, 0)}</div>
      <p className="outline__keys">{t('outline.keys')}</p>
    </nav>
  );
}
