// What the figures were measured on: CPU, cores, memory, Node.js, Chromium, and how busy the
// machine was (the 1-minute load average: other work on a shared machine moves absolute times).

import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import type { MachineInfo } from '../report/types';
import { chromiumPath } from './browser';

function chromiumVersion(): string | null {
  const path = chromiumPath();
  if (!path) return null;
  try {
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export const loadAverage = (): number => Math.round(loadavg()[0] * 100) / 100;

export function machineInfo(loadAtStart: number): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    chromium: chromiumVersion(),
    loadAverage: { start: loadAtStart, end: loadAverage() },
    date: new Date().toISOString(),
  };
}
