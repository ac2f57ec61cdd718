// The item page's logic without a browser: where the path map puts substeps, moves and ends (no
// end's connector crosses another end, arcs for skips get their own lanes), the outline read from
// flow.json with its labels and editor addresses, and which review actions each role is offered
// (the author never approves their own change; the service checks again).

import { describe, expect, it } from 'vitest';
import { editorHref, flowOutline, lookup, outlineNamespaces } from '../../../../src/studio/flows/outline';
import {
  END_GAP,
  END_W,
  layoutPaths,
  NODE_H,
  NODE_W,
  type PathsAnswer,
  ROW,
  substepPointer,
} from '../../../../src/studio/flows/pathLayout';
import type { ItemAnswer, Version } from '../../../../src/studio/review/itemsApi';
import { allowedActions } from '../../../../src/studio/review/ReviewPanel';

const node = (id: string) => ({
  ID: id,
  STEP: id.split('/')[0],
  SUBSTEP: id.split('/')[1],
  LABEL_KEY: `t:${id}`,
});

describe('the path map layout', () => {
  const map: PathsAnswer = {
    NODES: [node('a/1'), node('a/2'), node('b/1'), node('b/2')],
    EDGES: [
      { FROM: 'a/1', TO: 'a/2' },
      { FROM: 'a/2', TO: 'b/1' },
      { FROM: 'a/1', TO: 'b/1', WHEN: { field: 'X' } },
      { FROM: 'a/1', TO: 'b/2', WHEN: { field: 'Y' } },
      { FROM: 'b/1', TO: 'b/2' },
    ],
    ENDS: [
      { FROM: 'b/2', KIND: 'referral' },
      { FROM: 'b/2', KIND: 'payment' },
      { FROM: 'a/2', KIND: 'callback' },
    ],
    UNREACHABLE: ['b/1'],
  };
  const layout = layoutPaths(map);

  it('puts the substeps down one column in flow order, each row apart', () => {
    expect(layout.nodes.map((n) => n.id)).toEqual(['a/1', 'a/2', 'b/1', 'b/2']);
    const xs = new Set(layout.nodes.map((n) => n.x));
    expect(xs.size).toBe(1);
    expect(layout.nodes.map((n) => n.y - layout.nodes[0].y)).toEqual([0, ROW, 2 * ROW, 3 * ROW]);
    expect(layout.nodes.find((n) => n.id === 'b/1')?.unreachable).toBe(true);
    expect(layout.nodes.find((n) => n.id === 'a/1')?.unreachable).toBe(false);
  });

  it('draws a move to the next substep straight down and a skip as an arc in its own lane', () => {
    const next = layout.edges.find((e) => e.from === 'a/1' && e.to === 'a/2');
    expect(next?.d).toMatch(/^M\d+ \d+ L\d+ \d+$/);
    expect(next?.conditional).toBe(false);
    const short = layout.edges.find((e) => e.to === 'b/1' && e.from === 'a/1');
    const long = layout.edges.find((e) => e.to === 'b/2' && e.from === 'a/1');
    expect(short?.d.startsWith('M')).toBe(true);
    expect(short?.d).toContain(' C');
    expect(short?.conditional).toBe(true);
    // The control point's x is the lane: the longer skip goes further left, and both stay on the page.
    const laneOf = (d = '') => Number(d.split(' C')[1].split(' ')[0]);
    expect(laneOf(long?.d)).toBeLessThan(laneOf(short?.d));
    expect(laneOf(long?.d)).toBeGreaterThanOrEqual(0);
  });

  it('sets the ends in a row right of their substep, each connector starting where the one before ends', () => {
    const last = layout.nodes.find((n) => n.id === 'b/2');
    expect(last?.ends.map((e) => e.kind)).toEqual(['referral', 'payment']);
    const [first, second] = last?.ends ?? [];
    expect(first.x1).toBe((last?.x ?? 0) + NODE_W);
    expect(first.y).toBe((last?.y ?? 0) + NODE_H / 2);
    expect(second.x).toBe(first.x + END_W + END_GAP);
    // Never across the first end's tag.
    expect(second.x1).toBeGreaterThanOrEqual(first.x + END_W);
    expect(layout.width).toBeGreaterThanOrEqual(second.x + END_W);
    expect(layout.height).toBeGreaterThanOrEqual((last?.y ?? 0) + NODE_H);
  });

  it('finds the substep in flow.json for the editor', () => {
    const flow = {
      steps: [
        { id: 'a', substeps: [{ id: '1' }, { id: '2' }] },
        { id: 'b', substeps: [{ id: '1' }] },
      ],
    };
    expect(substepPointer(flow, 'a', '2')).toBe('/steps/0/substeps/1');
    expect(substepPointer(flow, 'b', 'zz')).toBe('/steps/1');
    expect(substepPointer(flow, 'c', '1')).toBe('');
  });

  it('lays out an empty map without failing', () => {
    const empty = layoutPaths({ NODES: [], EDGES: [], ENDS: [], UNREACHABLE: [] });
    expect(empty.nodes).toEqual([]);
    expect(empty.width).toBeGreaterThan(0);
  });
});

describe('the outline', () => {
  const flow = {
    id: 'travel',
    steps: [
      {
        id: 'trip',
        label: 'steps.trip',
        substeps: [
          {
            id: 'details',
            title: 'substeps.details',
            fieldSets: ['holder'],
            fields: [
              { id: 'START_DATE', type: 'date' },
              { id: 'EMAIL', label: 'fields:email.label' },
            ],
          },
        ],
      },
    ],
  };
  const texts = {
    travel: {
      steps: { trip: 'Ταξίδι' },
      substeps: { details: 'Το ταξίδι σας' },
      fields: { START_DATE: { label: 'Ημερομηνία αναχώρησης' } },
    },
    fields: { email: {} },
  };

  it('names the namespaces its labels come from', () => {
    expect(outlineNamespaces(flow).sort()).toEqual(['fields', 'travel']);
  });

  it('gives each entry its label (or null when the text is missing) and its pointer', () => {
    const [step] = flowOutline(flow, texts);
    expect(step).toMatchObject({ pointer: '/steps/0', label: 'Ταξίδι', labelKey: 'travel:steps.trip' });
    const [sub] = step.substeps;
    expect(sub).toMatchObject({ pointer: '/steps/0/substeps/0', title: 'Το ταξίδι σας' });
    expect(sub.fieldSets).toEqual([{ pointer: '/steps/0/substeps/0/fieldSets/0', name: 'holder' }]);
    expect(sub.fields.map((f) => [f.pointer, f.label, f.labelKey])).toEqual([
      ['/steps/0/substeps/0/fields/0', 'Ημερομηνία αναχώρησης', 'travel:fields.START_DATE.label'],
      ['/steps/0/substeps/0/fields/1', null, 'fields:email.label'],
    ]);
    expect(lookup(texts, 'travel:steps.nothing')).toBeNull();
  });

  it('opens an entry in the editor at its pointer', () => {
    expect(editorHref('travel', '/steps/0/substeps/1')).toBe(
      '/studio/items/flow/travel/edit#/steps/0/substeps/1',
    );
  });
});

describe('the review actions offered', () => {
  const version = (over: Partial<Version>): Version => ({
    ID: 2,
    KIND: 'flow',
    KEY: 'travel',
    STATUS: 'draft',
    NUMBER: null,
    REVISION: 1,
    BASED_ON: 1,
    AUTHOR: 'editor-1',
    APPROVER: null,
    NOTE: null,
    CREATED_AT: null,
    SUBMITTED_AT: null,
    APPROVED_AT: null,
    PUBLISHED_AT: null,
    FILES: {},
    ...over,
  });
  const live = version({ ID: 1, STATUS: 'live', NUMBER: 1 });
  const item = (change: Version | null): Pick<ItemAnswer, 'LIVE' | 'CHANGE'> => ({
    LIVE: live,
    CHANGE: change,
  });
  const viewer = { STAFF_ID: 'viewer-1', ROLE: 'viewer' as const };
  const editor = { STAFF_ID: 'editor-1', ROLE: 'editor' as const };
  const publisher = { STAFF_ID: 'publisher-1', ROLE: 'publisher' as const };
  const admin = { STAFF_ID: 'admin-1', ROLE: 'admin' as const };

  it('offers a new draft from live to an editor and nothing to a viewer', () => {
    expect(allowedActions(item(null), editor)).toEqual(['newDraft']);
    expect(allowedActions(item(null), viewer)).toEqual([]);
    expect(allowedActions({ LIVE: null, CHANGE: null }, editor)).toEqual([]);
  });

  it('lets an editor submit or discard a draft; a viewer only runs the gates', () => {
    expect(allowedActions(item(version({})), editor)).toEqual(['gates', 'submit', 'discard']);
    expect(allowedActions(item(version({})), viewer)).toEqual(['gates']);
  });

  it('never offers approval to the author, even a publisher', () => {
    const inReview = version({ STATUS: 'in_review', AUTHOR: 'publisher-1' });
    expect(allowedActions(item(inReview), publisher)).toEqual(['gates']);
    expect(allowedActions(item(inReview), editor)).toEqual(['gates']);
    expect(allowedActions(item(inReview), admin)).toEqual(['gates', 'approve', 'refuse']);
  });

  it('offers publishing once another publisher approved', () => {
    const approved = version({
      STATUS: 'in_review',
      APPROVER: 'admin-1',
      APPROVED_AT: '2026-12-07T16:00:00Z',
    });
    expect(allowedActions(item(approved), publisher)).toEqual(['gates', 'publish']);
    expect(allowedActions(item(approved), editor)).toEqual(['gates']);
  });
});

describe('a staff member is shown by name', () => {
  it('their name beside the id, "you" for oneself, the id when no name is known', async () => {
    const { staffLabel } = await import('../../../../src/studio/review/who');
    expect(staffLabel('S000002', 'Μάριος Χατζηγεωργίου', 'S000001', 'εσείς')).toBe('Μάριος Χατζηγεωργίου');
    expect(staffLabel('S000001', 'Ελένη Χαραλάμπους', 'S000001', 'εσείς')).toBe('εσείς');
    expect(staffLabel('cli:ops', null, 'S000001', 'εσείς')).toBe('cli:ops');
    expect(staffLabel(null, null, 'S000001', 'εσείς')).toBe('');
  });
});
