// The CPU readings the service-cost measure divides by its requests (bench/lib/cpu.ts).

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processCpuMs, treeCpuMs } from '../../../bench/lib/cpu';

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) Math.sqrt(Math.random());
};

describe.runIf(process.platform === 'linux')('CPU time from /proc', () => {
  it("counts a process's own work", () => {
    const before = processCpuMs(process.pid);
    spin(300);
    expect(processCpuMs(process.pid) - before).toBeGreaterThanOrEqual(100);
  });

  it("counts a child's work in its parent's tree, after the child has ended too", async () => {
    const before = treeCpuMs(process.pid);
    const child = spawn(process.execPath, ['-e', 'const e=Date.now()+300;while(Date.now()<e);']);
    await new Promise((resolve) => child.on('exit', resolve));
    expect(treeCpuMs(process.pid) - before).toBeGreaterThanOrEqual(100);
  });

  it('refuses a process that is gone', () => {
    expect(() => processCpuMs(2 ** 22 + 12345)).toThrow(/gone/);
  });
});
