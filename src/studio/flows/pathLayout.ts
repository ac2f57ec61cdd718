// Where the path map's pieces go (PathMap.tsx draws them): the substeps in flow order down one
// column, a move to the next substep as a short line, a move that skips substeps as an arc on the
// left (wider the more it skips, so arcs do not lie on each other), and each end as a labelled
// tag on the right of the substep it ends at. Pure, so the geometry is tested without a browser.

export type EndKind = 'referral' | 'callback' | 'payment' | 'completion' | 'dead_end';

export interface PathsAnswer {
  NODES: { ID: string; STEP: string; SUBSTEP: string; LABEL_KEY: string }[];
  EDGES: { FROM: string; TO: string; WHEN?: unknown }[];
  ENDS: { FROM: string; KIND: EndKind }[];
  UNREACHABLE: string[];
}

export const NODE_W = 240;
export const NODE_H = 44;
export const ROW = 72;
export const END_W = 120;
export const END_GAP = 8;
const LANE = 14;
const TOP = 16;

export interface LaidNode {
  id: string;
  step: string;
  substep: string;
  labelKey: string;
  x: number;
  y: number;
  unreachable: boolean;
  /** x1: where the end's connector starts (the substep's edge, or the end before it: never across one). */
  ends: { kind: EndKind; x: number; y: number; x1: number }[];
}
export interface LaidEdge {
  from: string;
  to: string;
  conditional: boolean;
  /** An SVG path. */
  d: string;
}
export interface Layout {
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
}

export function layoutPaths(map: PathsAnswer): Layout {
  const index = new Map(map.NODES.map((n, i) => [n.ID, i]));
  const skips = map.EDGES.filter((e) => {
    const a = index.get(e.FROM);
    const b = index.get(e.TO);
    return a !== undefined && b !== undefined && Math.abs(b - a) > 1;
  });
  // The longest skip needs the widest lane; every arc gets its own.
  const lanes = new Map(
    [...skips]
      .sort((x, y) => span(index, x) - span(index, y))
      .map((e, i) => [`${e.FROM}>${e.TO}`, (i + 1) * LANE]),
  );
  const left = 16 + (skips.length ? skips.length * LANE : 0);
  const unreachable = new Set(map.UNREACHABLE);
  const nodes: LaidNode[] = map.NODES.map((n, i) => {
    const y = TOP + i * ROW;
    const ends = map.ENDS.filter((e) => e.FROM === n.ID);
    return {
      id: n.ID,
      step: n.STEP,
      substep: n.SUBSTEP,
      labelKey: n.LABEL_KEY,
      x: left,
      y,
      unreachable: unreachable.has(n.ID),
      ends: ends.map((e, k) => {
        const x = left + NODE_W + 24 + k * (END_W + END_GAP);
        return { kind: e.KIND, x, y: y + NODE_H / 2, x1: k === 0 ? left + NODE_W : x - END_GAP };
      }),
    };
  });
  const at = new Map(nodes.map((n) => [n.id, n]));
  const edges: LaidEdge[] = [];
  for (const e of map.EDGES) {
    const a = at.get(e.FROM);
    const b = at.get(e.TO);
    if (!a || !b) continue;
    const conditional = e.WHEN !== undefined;
    const lane = lanes.get(`${e.FROM}>${e.TO}`);
    if (lane === undefined) {
      const x = a.x + NODE_W / 2;
      const [y1, y2] = b.y > a.y ? [a.y + NODE_H, b.y] : [a.y, b.y + NODE_H];
      edges.push({ from: e.FROM, to: e.TO, conditional, d: `M${x} ${y1} L${x} ${y2}` });
    } else {
      const y1 = a.y + NODE_H / 2;
      const y2 = b.y + NODE_H / 2;
      const x = a.x;
      const out = x - lane;
      edges.push({
        from: e.FROM,
        to: e.TO,
        conditional,
        d: `M${x} ${y1} C${out} ${y1} ${out} ${y2} ${x} ${y2}`,
      });
    }
  }
  const mostEnds = Math.max(0, ...nodes.map((n) => n.ends.length));
  return {
    width: left + NODE_W + (mostEnds ? 24 + mostEnds * (END_W + END_GAP) : 0) + 8,
    height: TOP * 2 + Math.max(0, nodes.length - 1) * ROW + NODE_H,
    nodes,
    edges,
  };
}

function span(index: Map<string, number>, e: { FROM: string; TO: string }): number {
  return Math.abs((index.get(e.TO) ?? 0) - (index.get(e.FROM) ?? 0));
}

/** The substep's address in flow.json (the editor's hash): /steps/<i>/substeps/<j>. */
export function substepPointer(
  flow: { steps?: { id?: string; substeps?: { id?: string }[] }[] },
  step: string,
  substep: string,
): string {
  const si = (flow.steps ?? []).findIndex((s) => s.id === step);
  const ui = si < 0 ? -1 : (flow.steps?.[si].substeps ?? []).findIndex((s) => s.id === substep);
  return si < 0 ? '' : ui < 0 ? `/steps/${si}` : `/steps/${si}/substeps/${ui}`;
}
