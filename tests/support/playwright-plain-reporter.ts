// Prints the plain "playwright: N passed, N failed" line CI reads.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class PlainReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private final = new Map<string, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult) {
    this.final.set(test.id, result.status);
  }

  onEnd() {
    for (const status of this.final.values()) {
      if (status === 'passed') this.passed++;
      else if (status === 'skipped') this.skipped++;
      else this.failed++;
    }
    console.log(
      `\nplaywright: ${this.passed} passed, ${this.failed} failed${this.skipped ? `, ${this.skipped} skipped` : ''}`,
    );
  }
}
