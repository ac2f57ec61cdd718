// Shared helpers of the browser tests: scenarios, flows, accessibility checks, console watching.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import sharp from 'sharp';
import { rememberCookieChoice } from '../../src/cli/replay/browser';
import type { FlowBundle } from '../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { readScenario, type Scenario } from '../../src/server/publishing/replay/scenario';

let bundles: Promise<FlowBundle[]> | null = null;
export async function bundle(id: string): Promise<FlowBundle> {
  bundles ??= loadFlowBundles();
  const found = (await bundles).find((b) => b.flow.id === id);
  if (!found) throw new Error(`no flow ${id}`);
  return found;
}

export function scenario(name: string, overrides: Partial<Scenario> = {}): Promise<Scenario> {
  return readScenario(join(import.meta.dirname, '..', 'scenarios', `${name}.json`)).then((s) => ({
    ...s,
    ...overrides,
  }));
}

/**
 * The browser suite in CI runs each scenario once, in one language and width; the headless replay
 * (tests/scenarios, vitest) runs every scenario file on every change. `E2E_FULL=1 npm run test:e2e`
 * runs the whole matrix (every refusal, both languages and widths) before a release.
 */
export const FULL_MATRIX = process.env.E2E_FULL === '1';

/**
 * Where the purchases put a full-page screenshot of every substep (tests/artifacts), for a person
 * to look through: with E2E_SCREENSHOTS=1 or E2E_FULL=1. CI's default run does without them (a
 * fifth of a purchase's time); a failing test keeps its own screenshot and trace
 * (playwright.config.ts).
 */
export const ARTIFACTS =
  process.env.E2E_SCREENSHOTS === '1' || FULL_MATRIX
    ? join(import.meta.dirname, '..', 'artifacts')
    : undefined;
if (ARTIFACTS) mkdirSync(ARTIFACTS, { recursive: true });

/** All of `cases` with E2E_FULL=1; otherwise those `essential` picks. */
export function inCi<T>(cases: readonly T[], essential: (c: T) => boolean): T[] {
  return FULL_MATRIX ? [...cases] : cases.filter(essential);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe's verdict on the page as it is now, by WCAG 2.1 A and AA. axe-core is put into the document
 * once and run there (axe.run, the same rules and tags @axe-core/playwright runs): the builder
 * evaluates the 1.3 MB script three times and opens a blank tab per check, four to six times the
 * cost of the check itself, and the suite makes hundreds. A page with frames gets the builder,
 * which also looks inside them.
 */
async function axeResults(page: Page): Promise<AxeResults> {
  // The page as the visitor sees it once a colour change that just began (a button's 120 ms
  // transition after a click) has run its course: a check that fast would judge a colour halfway.
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
    const settled = Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const present = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values } }),
    WCAG_TAGS,
  ) as Promise<AxeResults>;
}

/** No axe violations on the page as it is now (WCAG 2.1 A and AA). */
export async function expectAccessible(page: Page, context: string): Promise<void> {
  const results = await axeResults(page);
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

/** The page is no wider than the screen: nothing scrolls sideways. */
export async function expectNoSideScroll(page: Page, width: number, context: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${context} scrolls sideways`).toBeLessThanOrEqual(width);
}

/** The keys of the flows' saved answers in this tab. */
export const storedFlowKeys = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('flow:')));

/**
 * An address of its own per test: the service allows five codes an address an hour, and the
 * scenario files all use the same one.
 */
export const uniqueEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}@example.com.cy`;

/** Fails the test on any page error or console error except the expected ones. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    // Expected: RJSF's log of a rejected submit, and 4xx answers the page handles itself.
    if (/Form validation failed|status of 4\d\d/.test(text)) return;
    problems.push(`console: ${text}`);
  });
  return problems;
}

/** Visitors arrive with the cookie choice made, so the banner does not cover the forms. */
export const acceptNecessaryCookies = rememberCookieChoice;

export async function setLanguage(page: Page, lang: 'el' | 'en'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

/** A phone-sized photo (4000 × 3000 of noise, several MB) that the browser must bring down. */
export const phonePhoto = () =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

/** A mail of the development mailbox (/dev/mailbox.json), newest first. */
export interface DevMail {
  template?: string;
  subject?: string;
  text?: string;
}

/** The mails the development mailbox holds for `email`, newest first. */
export async function mailsTo(page: Page, email: string): Promise<DevMail[]> {
  return (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
}

/** Waits until a mail to `email` whose subject or text holds `words` is in the mailbox (the outbox sends it). */
export async function expectMailTo(page: Page, email: string, words: string): Promise<void> {
  await expect
    .poll(async () => (await mailsTo(page, email)).some((m) => `${m.subject} ${m.text}`.includes(words)), {
      message: `a mail to ${email} about ${words}`,
      timeout: 30_000,
    })
    .toBe(true);
}
