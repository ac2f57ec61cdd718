// The shape of bench/results.json: the machine, each measure's figures (or why it failed), and
// every goal of issue 6 with its target, what was measured and whether it was met.

import type { EngineStartResult } from '../engine';
import type { LargeResult } from '../large/measure';
import type { QuietRecord } from '../lib/quiet';
import type { RouteLighthouse } from '../lighthouse';
import type { PortalResult } from '../portal/measure';
import type { PublishingMeasure } from '../publishing';
import type { RenderResult } from '../render/measure';
import type { RulesResult } from '../rules/bench';
import type { CostResult } from '../service/cost';
import type { ServiceResult } from '../service/index';
import type { WeightResult } from '../weight';

export const MEASURES = [
  'weight',
  'lighthouse',
  'render',
  'large',
  'rules',
  'service',
  'cost',
  'portal',
  'publishing',
  'engine',
] as const;
export type MeasureName = (typeof MEASURES)[number];

export interface MeasureData {
  weight: WeightResult;
  lighthouse: RouteLighthouse[];
  render: RenderResult;
  large: LargeResult;
  rules: RulesResult;
  service: ServiceResult;
  cost: CostResult;
  portal: PortalResult;
  publishing: PublishingMeasure;
  engine: EngineStartResult;
}

/** One measure's outcome: its figures, or the error that stopped it. */
export interface MeasureRun<K extends MeasureName = MeasureName> {
  /** ISO date and time the measure started. */
  measuredAt: string;
  seconds: number;
  smoke: boolean;
  data?: MeasureData[K];
  error?: string;
  /** The load average before and after the measure, and whether its figures were taken quiet. */
  quiet?: QuietRecord;
  /** Why the figures were not reported (the machine was busy: bench/lib/quiet.ts). */
  skipped?: string;
}

export type Measures = { [K in MeasureName]?: MeasureRun<K> };

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string | null;
  /** 1-minute load average at the start and the end of the run (other work on the machine). */
  loadAverage: { start: number; end: number };
  date: string;
}

export interface Goal {
  id: string;
  measure: MeasureName;
  /** What the issue asks, in words. */
  goal: string;
  /** The measured figure in words ("121 KB", "0.31 × bare RJSF"). */
  measured: string;
  /** null: not measured (the measure failed, was skipped or the route does not exist yet). */
  met: boolean | null;
  /**
   * How far the figure is from the goal's threshold, relative to it: positive on the right side,
   * negative on the wrong side (0.25: a quarter better than needed). Absent for counts.
   */
  margin?: number;
  /** How the figure was taken: "quiet (load 0.8 → 0.9)", "NOT quiet (…)", or unknown for old results. */
  taken?: string;
}

export interface Results {
  machine: MachineInfo;
  /** The command line and the wall time of the run that wrote this file. */
  run: {
    args: string[];
    smoke: boolean;
    seconds: number;
    measures: MeasureName[];
    /** The last run of every measure (kept by subset runs): when, and how long it took. */
    lastFullRun?: { date: string; seconds: number };
  };
  measures: Measures;
  goals: Goal[];
}
