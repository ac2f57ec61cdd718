// A flow's paths as a diagram (from POST /zcp/studio/paths, what flows:paths computes): substeps
// down a column, moves between them, and the ends (referral, call-back, payment, completion,
// dead end) as tags named in words, not by colour alone. A substep is a link to it in the editor
// (Tab reaches each; Enter opens it). Below the drawing the same ends and the unreachable
// substeps as a list, for anyone who does not see the drawing.

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { editorHref } from './outline';
import {
  END_W,
  type Layout,
  layoutPaths,
  NODE_H,
  NODE_W,
  type PathsAnswer,
  substepPointer,
} from './pathLayout';

interface Props {
  flowKey: string;
  flow: { steps?: { id?: string; substeps?: { id?: string }[] }[] };
  map: PathsAnswer;
  /** The substep's heading in the studio's language (null: no text). */
  label: (labelKey: string) => string | null;
}

/** Long headings are cut to fit the box; the whole one is the link's name. */
const fit = (text: string, max = 30) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function PathMap({ flowKey, flow, map, label }: Props) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const layout: Layout = layoutPaths(map);
  const name = (n: Layout['nodes'][number]) => label(n.labelKey) ?? n.substep;
  const byId = new Map(layout.nodes.map((n) => [n.id, n]));
  return (
    <figure className="studio-map">
      <div className="studio-map__scroll">
        <svg
          className="studio-map__svg"
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="group"
          aria-label={t('map.label')}
        >
          <defs>
            <marker
              id="studio-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto"
            >
              <path d="M0 0 L10 5 L0 10 z" className="studio-map__arrow" />
            </marker>
          </defs>
          {layout.edges.map((e) => (
            <path
              key={`${e.from}>${e.to}`}
              d={e.d}
              className={`studio-map__edge${e.conditional ? ' studio-map__edge--when' : ''}`}
              markerEnd="url(#studio-arrow)"
            />
          ))}
          {layout.nodes.map((n) => {
            const href = editorHref(flowKey, substepPointer(flow, n.step, n.substep));
            const text = name(n);
            return (
              <g key={n.id}>
                <a
                  href={href}
                  className="studio-map__node"
                  aria-label={`${text}${n.unreachable ? ` (${t('map.unreachable')})` : ''}`}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(href);
                  }}
                >
                  <rect
                    x={n.x}
                    y={n.y}
                    width={NODE_W}
                    height={NODE_H}
                    rx={8}
                    className={`studio-map__box${n.unreachable ? ' studio-map__box--unreachable' : ''}`}
                  />
                  <text x={n.x + 12} y={n.y + NODE_H / 2 + 5} className="studio-map__text">
                    {fit(text)}
                  </text>
                </a>
                {n.ends.map((end) => (
                  <g key={end.kind} className={`studio-map__end studio-map__end--${end.kind}`}>
                    <line x1={end.x1} y1={end.y} x2={end.x} y2={end.y} className="studio-map__edge" />
                    <rect x={end.x} y={end.y - 14} width={END_W} height={28} rx={14} />
                    <text x={end.x + END_W / 2} y={end.y + 5} textAnchor="middle">
                      {t(`map.ends.${end.kind}`)}
                    </text>
                  </g>
                ))}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption>
        <h3>{t('map.movesTitle')}</h3>
        <ul className="studio-map__list">
          {layout.nodes
            .map((n) => ({ n, to: map.EDGES.filter((e) => e.FROM === n.id) }))
            .filter(({ to }) => to.length > 0)
            .map(({ n, to }) => (
              <li key={`moves-${n.id}`}>
                {t('map.movesFrom', {
                  from: name(n),
                  to: to
                    .map((e) => {
                      const target = byId.get(e.TO);
                      const place = `«${target ? name(target) : e.TO}»`;
                      return e.WHEN === undefined ? place : t('map.onCondition', { place });
                    })
                    .join(', '),
                })}
              </li>
            ))}
        </ul>
        <h3>{t('map.endsTitle')}</h3>
        <ul className="studio-map__list">
          {map.ENDS.map((e) => {
            const node = byId.get(e.FROM);
            return (
              <li key={`${e.FROM}>${e.KIND}`}>
                {t('map.endAt', { end: t(`map.ends.${e.KIND}`), substep: node ? name(node) : e.FROM })}
              </li>
            );
          })}
          {map.UNREACHABLE.map((id) => {
            const node = byId.get(id);
            return (
              <li key={`unreachable-${id}`} className="studio-map__problem">
                {t('map.unreachableAt', { substep: node ? name(node) : id })}
              </li>
            );
          })}
        </ul>
      </figcaption>
    </figure>
  );
}
