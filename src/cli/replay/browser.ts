// Replays a scenario in Chromium through the real site: the generated forms are filled field by
// field as a visitor would (typing dates, choosing options, adding list items), the e-mail is
// confirmed with the code from the development mailbox, and the card is paid on the provider's page.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/chromium';
import { ymdToDisplay } from '../../engine/dates';
import type { FlowBundle } from '../../engine/flow/bundle';
import type { Field, Substep } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';
import {
  emptyResult,
  type PaymentOutcome,
  PROMO_PAGE,
  type PromoBlock,
  promoBlockOf,
  type ReplayResult,
  resolveAnswers,
  type Scenario,
} from '../../server/publishing/replay/scenario';
import { ROOT } from '../workspace';

/** A locale string as the page shows it ("ns:key.path"), for locating elements by their names. */
export function localeText(lang: string, key: string, values: Record<string, string> = {}): string {
  const [ns, path] = key.split(/:(.*)/s);
  const tree = JSON.parse(readFileSync(join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  let node: unknown = tree;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== 'string') throw new Error(`no locale text ${lang}/${key}`);
  return node.replace(/\{\{(\w+)[^}]*\}\}/g, (_, name: string) => values[name] ?? '');
}

export interface BrowserReplayOptions {
  /** Save a screenshot of every substep here (test artefacts). */
  screenshotDir?: string;
  screenshotPrefix?: string;
  /** Runs on each substep once its answers are filled, before Continue (accessibility checks, assertions). */
  onSubstep?: (substep: string) => Promise<void>;
  /** Runs when the flow pauses for the visitor (referral, one-time code, changed premium), before the replay answers. */
  onPause?: (state: string, substep: string) => Promise<void>;
  /**
   * Go on from the substep the page shows (a test that took the visitor somewhere first, as to
   * send-offer and back), instead of opening the flow's first step as a new visitor.
   */
  resume?: boolean;
}

function fieldFor(
  substep: Substep,
  path: string,
): { field: Field; item?: { index: number; field: Field } } | null {
  for (const field of substep.fields ?? []) {
    if (field.path === path) return { field };
  }
  return null;
}

async function fillField(page: Page, id: string, field: Field, value: unknown): Promise<void> {
  const control = page.locator(`#${id}`);
  switch (field.widget) {
    case 'radio':
    case 'yesno':
      await page.locator(`input[name="${id}"][value="${String(value)}"]`).check();
      return;
    case 'select':
      await control.selectOption(String(value));
      return;
    case 'checkbox':
      // A box that accepts the product's documents opens only once each was read, as a visitor would.
      if (value && field.readFirst) {
        const closed = page.locator('.read-first__document:not([open]) > summary');
        for (let left = await closed.count(); left > 0; left = await closed.count()) {
          await closed.first().click();
          await page.waitForFunction(
            (n) => document.querySelectorAll('.read-first__document:not([open])').length < n,
            left,
          );
        }
      }
      if (value) await control.check();
      else await control.uncheck();
      return;
    case 'date':
      await control.fill('');
      await control.pressSequentially(ymdToDisplay(value).replace(/\//g, ''));
      await control.blur();
      return;
    default:
      await control.fill(String(value));
      await control.blur();
  }
}

async function fillList(page: Page, id: string, field: Field, rows: unknown[]): Promise<void> {
  const add = page
    .locator(`[data-field="${field.id}"] .array__add, #${id} ~ * .array__add, .array__add`)
    .first();
  for (let i = 0; i < rows.length; i++) {
    if ((await page.locator(`[id^="${id}_${i}_"]`).count()) === 0) await add.click();
    for (const item of field.items ?? []) {
      const v = getPath(rows[i], item.path);
      if (v !== undefined) await fillField(page, `${id}_${i}_${item.id}`, item, v);
    }
  }
}

async function waitForSettled(
  page: Page,
  substepKey: string | null,
): Promise<{ substep: string; state: string }> {
  await page.waitForFunction(
    (previous) => {
      const el = document.querySelector('.flow');
      if (!el) return /payment-completion|sandbox/.test(location.pathname);
      const state = el.getAttribute('data-state') ?? '';
      if (/leaving|entering|recalculating|sending|verifying/.test(state)) return false;
      return (
        previous === null ||
        el.getAttribute('data-substep') !== previous ||
        !/^editing$/.test(state) ||
        document.querySelector('[aria-invalid="true"]') !== null ||
        document.querySelector('[data-service-error]') !== null
      );
    },
    substepKey,
    { timeout: 30_000 },
  );
  const flow = page.locator('.flow');
  if ((await flow.count()) === 0) return { substep: '', state: 'left' };
  return {
    substep: (await flow.getAttribute('data-substep')) ?? '',
    state: (await flow.getAttribute('data-state')) ?? '',
  };
}

async function confirmEmail(page: Page, lang: string, email: string): Promise<void> {
  await page.getByLabel(localeText(lang, 'pages:emailValidation.email'), { exact: true }).fill(email);
  await page.getByLabel(localeText(lang, 'pages:emailValidation.verifyEmail'), { exact: true }).fill(email);
  await page.locator('.flow form button[type="submit"]').first().click();
  const codeInput = page.getByLabel(localeText(lang, 'pages:emailValidation.code'), { exact: true });
  await codeInput.waitFor();
  let code = '';
  for (let i = 0; i < 50 && !code; i++) {
    const list = (await (
      await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as { text?: string }[];
    code = /\b(\d{6})\b/.exec(list[0]?.text ?? '')?.[1] ?? '';
    if (!code) await page.waitForTimeout(200);
  }
  await codeInput.fill(code);
  await page.locator('.flow form button[type="submit"]').first().click();
  // The flow stays in its one-time-code pause until the code was checked: wait for that, or a slow
  // check would be taken for a second request of the code.
  await codeInput.waitFor({ state: 'hidden', timeout: 30_000 });
}

async function payOnProviderPage(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/sandbox\/jcc\//, { timeout: 30_000 });
  await page.locator('#cardNumber').fill(card);
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvv').fill('123');
  await page.locator('#holder').fill('ELENI GEORGIOU');
  await page.locator('button[name="action"][value="pay"]').click();
}

/** The visitor has already chosen "necessary cookies only", so the banner stays closed. */
export async function rememberCookieChoice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const consent = {
      necessary: true,
      preferences: false,
      analytics: false,
      decidedAt: '2026-01-01T00:00:00Z',
    };
    localStorage.setItem('zcp.cookies', JSON.stringify(consent));
  });
}

/** A visitor in this language who has made the cookie choice. */
export async function prepareVisitor(page: Page, lang: string): Promise<void> {
  await rememberCookieChoice(page);
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

/**
 * The visitor enters the code on /promo, as from the flow's "I have a promo code" link; resolves
 * with the page's message when it refuses the code, null when it took it (back on `returnTo`).
 */
async function enterPromo(
  page: Page,
  lang: string,
  block: PromoBlock,
  returnTo: string,
): Promise<string | null> {
  await page.goto(`/promo?returnTo=${encodeURIComponent(returnTo)}`);
  await page.waitForFunction(() => document.documentElement.dataset.rendered !== undefined);
  const reference = block.PROMO_CODE_CP === undefined && block.PROMO_CODE_TIS !== undefined;
  if (reference) await page.locator('input[name="promo-kind"][value="PROMO_CODE_TIS"]').check();
  await page
    .getByRole('textbox', {
      name: localeText(lang, reference ? 'pages:promo.referenceCode' : 'pages:promo.code'),
      exact: true,
    })
    .fill((reference ? block.PROMO_CODE_TIS : block.PROMO_CODE_CP) ?? '');
  if (block.AGENT_CODE)
    await page
      .getByRole('textbox', { name: localeText(lang, 'pages:promo.agentCode'), exact: true })
      .fill(block.AGENT_CODE);
  if (block.DISTRICT)
    await page
      .getByRole('combobox', { name: localeText(lang, 'pages:promo.district') })
      .selectOption(block.DISTRICT);
  await page.getByRole('button', { name: localeText(lang, 'pages:promo.apply') }).click();
  const refusal = page.getByRole('main').getByRole('alert');
  const back = returnTo.split('?')[0];
  await Promise.race([page.waitForURL((url) => url.pathname === back), refusal.waitFor()]);
  if (new URL(page.url()).pathname === back) return null;
  return ((await refusal.textContent()) ?? '').trim();
}

/** Drives one scenario in an open page; resolves with what happened. */
export async function replayScenarioInPage(
  page: Page,
  bundle: FlowBundle,
  scenario: Scenario,
  options: BrowserReplayOptions = {},
): Promise<ReplayResult> {
  const lang = scenario.language ?? 'el';
  const { flow } = bundle;
  const result = emptyResult();
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Nicosia' });
  if (scenario.reopen)
    throw new Error(
      'a scenario with "reopen" replays headless only (npm run replay without --browser); tests/e2e/offerLink.spec.ts opens offer links in Chromium',
    );
  if (!options.resume) {
    await prepareVisitor(page, lang);
    const variant = flow.variants?.find((v) => v.id === scenario.variant);
    const start = `/${flow.id}/offer/1${variant ? `?${variant.query.name}=${variant.query.value}` : ''}`;
    if (scenario.promo !== undefined) {
      const message = await enterPromo(page, lang, promoBlockOf(scenario.promo), start);
      if (message !== null) {
        result.refused = { substep: PROMO_PAGE, message };
        return result;
      }
    }
    await page.goto(start);
  }
  // A prerendered first step is on screen before the app has taken it over: answer once it has.
  await page.waitForFunction(() => document.documentElement.dataset.rendered !== undefined);
  const shot = async (name: string) => {
    if (options.screenshotDir)
      await page.screenshot({
        path: join(options.screenshotDir, `${options.screenshotPrefix ?? flow.id}-${name}.png`),
        fullPage: true,
      });
  };

  let current: string | null = null;
  for (const step of scenario.steps) {
    let settled = await waitForSettled(page, current);
    if (settled.substep !== step.substep)
      throw new Error(`expected to be on ${step.substep}, the page shows ${settled.substep || page.url()}`);
    current = settled.substep;
    result.visited.push(current);
    const position = flow.steps
      .flatMap((s) => s.substeps.map((u) => ({ key: `${s.id}__${u.id}`, substep: u })))
      .find((p) => p.key === current)!;
    if (position.substep.kind === 'payment') result.reachedPayment = true;
    if (step.select) {
      await page.locator(`label[for="package-${step.select}"]`).click();
      await page.waitForFunction(
        () => document.querySelector('.packages')?.getAttribute('aria-busy') !== 'true',
      );
      await page.locator(`#package-${step.select}:checked`).waitFor();
    }
    for (const cover of step.covers ?? []) {
      await page.locator(`#cover-${cover}`).check();
      await page.waitForFunction(
        () => document.querySelector('.packages')?.getAttribute('aria-busy') !== 'true',
      );
    }
    for (const panel of step.openPanels ?? [])
      await page
        .locator(`.panel`)
        .filter({ has: page.locator(`summary`) })
        .nth(position.substep.panels!.items.findIndex((p) => p.id === panel))
        .locator('summary')
        .click();
    for (const [path, value] of Object.entries(resolveAnswers(step.answers, today))) {
      const found = fieldFor(position.substep, path);
      if (!found) continue;
      if (found.field.type === 'array')
        await fillList(page, `root_${found.field.id}`, found.field, value as unknown[]);
      else await fillField(page, `root_${found.field.id}`, found.field, value);
    }
    await shot(`${result.visited.length}-${current}`);
    await options.onSubstep?.(current);
    for (const id of await page
      .locator('.flow [data-notice]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-notice') ?? '')))
      if (id && !result.notices.includes(id)) result.notices.push(id);
    await page.locator('.substep__actions button[type="submit"]').click();

    for (let guard = 0; guard < 8; guard++) {
      settled = await waitForSettled(page, current);
      if (settled.state === 'left' || settled.substep !== current) break;
      if (settled.state !== 'editing') await options.onPause?.(settled.state, current);
      if (settled.state === 'editing') {
        const refusal = page.locator('[data-service-error]');
        if ((await refusal.count()) > 0 && (await page.locator('[aria-invalid="true"]').count()) === 0) {
          result.refused = { substep: current, message: ((await refusal.textContent()) ?? '').trim() };
          await shot(`${result.visited.length}-${current}-refused`);
          return result;
        }
        const invalid = await page
          .locator('[aria-invalid="true"]')
          .evaluateAll((els) => els.map((e) => e.id.replace(/^root_/, '').replace(/_\d+_.*$/, '')));
        result.blocked = { substep: current, fields: [...new Set(invalid)] };
        await shot(`${result.visited.length}-${current}-blocked`);
        return result;
      }
      if (settled.state.includes('referral')) {
        const notice = page.locator('.notice[role="alert"]');
        result.referral = {
          message: ((await notice.locator('p').first().textContent()) ?? '').trim(),
          type: '',
          checkNumber: '',
        };
        await shot(`${result.visited.length}-${current}-referral`);
        return result;
      }
      if (settled.state.includes('otp'))
        await confirmEmail(page, lang, scenario.email ?? 'eleni.georgiou@example.com.cy');
      else if (settled.state.includes('confirmPremium')) {
        result.premiumChanged = true;
        await shot(`${result.visited.length}-${current}-premium-changed`);
        await page.locator('.notice button').first().click();
      } else if (settled.state.includes('error'))
        throw new Error(
          `service error on ${current}: ${(await page.locator('.notice').textContent()) ?? ''}`,
        );
      else await page.waitForTimeout(100);
    }
  }
  // Payment: the provider's page, then back to the completion page.
  if (
    /\/sandbox\/jcc\//.test(page.url()) ||
    (await page.locator('.flow').count()) === 0 ||
    (await page.locator('.flow').getAttribute('data-substep')) === 'redirecting'
  ) {
    result.reachedPayment = true;
    await shot('provider');
    await payOnProviderPage(page, scenario.card ?? '4000000000000002');
    await page.waitForURL(/\/payment-completion\//, { timeout: 30_000 });
    const orderId = decodeURIComponent(page.url().split('/payment-completion/')[1].split(/[?#]/)[0]);
    await page
      .locator('h1')
      .filter({ hasNotText: localeText(lang, 'pages:completion.checkingTitle') })
      .waitFor();
    await page.waitForFunction(
      (checking) => !document.querySelector('h1')?.textContent?.includes(checking),
      localeText(lang, 'pages:completion.checkingTitle'),
    );
    const status = (await (
      await page.request.get(`/zcp/paymeth/ORDSTAT?ORDER_ID=${encodeURIComponent(orderId)}`)
    ).json()) as { STATUS: PaymentOutcome; CONTRACT_NO?: string; AMOUNT?: number };
    result.payment = status.STATUS;
    result.contractNo = status.CONTRACT_NO ?? null;
    result.premium = status.AMOUNT ?? null;
    await shot('completion');
  }
  return result;
}

/** `npm run replay -- --browser`: against the site at REPLAY_URL (default http://127.0.0.1:8080). */
export async function replayInBrowser(bundle: FlowBundle, scenario: Scenario): Promise<ReplayResult> {
  const { chromium } = await import('@playwright/test');
  const browser: Browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: process.env.REPLAY_URL ?? 'http://127.0.0.1:8080',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    try {
      return await replayScenarioInPage(page, bundle, scenario, {
        screenshotDir: process.env.REPLAY_SCREENSHOTS,
      });
    } catch (error) {
      if (process.env.REPLAY_SCREENSHOTS)
        await page.screenshot({
          path: join(process.env.REPLAY_SCREENSHOTS, `${bundle.flow.id}-failure.png`),
          fullPage: true,
        });
      throw error;
    }
  } finally {
    await browser.close();
  }
}

export type { Locator };
