// Writes a results file out: results.json, RESULTS.md and charts/<measure>.svg in one folder.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHARTS } from './charts';
import { resultsMarkdown } from './markdown';
import { barChart } from './svg';
import { MEASURES, type Results } from './types';

export async function writeReport(results: Results, dir: string): Promise<string[]> {
  const written: string[] = [];
  await mkdir(join(dir, 'charts'), { recursive: true });
  const write = async (file: string, body: string) => {
    await writeFile(join(dir, file), body);
    written.push(file);
  };
  await write('results.json', `${JSON.stringify(results, null, 2)}\n`);
  for (const name of MEASURES) {
    const chart = CHARTS[name](results.measures);
    if (chart) await write(join('charts', `${name}.svg`), barChart(chart));
  }
  await write('RESULTS.md', resultsMarkdown(results));
  return written;
}
