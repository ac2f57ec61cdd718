// npm test's "layers" stage: the import rules of .dependency-cruiser.cjs over src/, one line per
// broken import, then a plain "N passed, N failed" line over the rules. Exit code 1 on any break.

import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const CONFIG = '.dependency-cruiser.cjs';

/** Cruises `paths` (relative to `baseDir`) with the project's rules; resolves to the rules' verdicts. */
export async function checkLayers(
  paths: string[],
  {
    baseDir = process.cwd(),
    tsConfig = 'tsconfig.json',
  }: { baseDir?: string; tsConfig?: string | null } = {},
): Promise<{ rules: string[]; violations: IViolation[] }> {
  const options = await extractDepcruiseOptions(`${process.cwd()}/${CONFIG}`);
  const { output } = await cruise(
    paths,
    { ...options, baseDir, validate: true, outputType: 'json' },
    undefined,
    tsConfig ? { tsConfig: extractTSConfig(tsConfig) } : undefined,
  );
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  const rules = (options.ruleSet?.forbidden ?? []).map((r) => r.name ?? '(unnamed)');
  return { rules, violations: result.summary.violations };
}

/**
 * One line per broken import: "rule: from → to", a circle with the modules on its way round. A
 * reach rule flags every module upstream of the one import at fault: that import is named once.
 */
export function describeViolations(violations: IViolation[]): string[] {
  const lines = new Map<string, number>();
  for (const v of violations) {
    const via = v.via?.map((m) => m.name) ?? [];
    const line = v.cycle?.length
      ? `${v.rule.name}: ${v.from} → ${v.cycle.map((m) => m.name).join(' → ')}`
      : `${v.rule.name}: ${[v.from, ...via].slice(-2).join(' → ')}${via.length ? '' : ` → ${v.to}`}`;
    lines.set(line, (lines.get(line) ?? 0) + 1);
  }
  return [...lines].map(([line, n]) => (n > 1 ? `${line} (reached from ${n} modules)` : line));
}

async function main(): Promise<void> {
  const { rules, violations } = await checkLayers(['src']);
  for (const line of describeViolations(violations)) console.log(line);
  const broken = new Set(violations.map((v) => v.rule.name));
  console.log(`layers: ${rules.length - broken.size} passed, ${broken.size} failed`);
  process.exit(broken.size ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
