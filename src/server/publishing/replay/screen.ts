// What a substep's screen says, as the browser would word it, for a headless replay: the step bar,
// the heading and intro, every field's label, help and options (the form's uiSchema), the notices,
// the field errors and the service's refusals, the referral, a changed premium, the packages and
// panels, the send-offer summary and the continue button. It follows FlowRunner and its parts
// (src/ui/flow) without React, so the scenario test can check every message a scenario brings up
// (no "{{" left in it) without a browser.

import { evaluateCondition } from '../../../engine/conditions';
import { qualify } from '../../../engine/flow/expand';
import { substepUiSchema } from '../../../engine/flow/forms';
import { activeNotices } from '../../../engine/flow/notices';
import type { Flow, Quote, Substep } from '../../../engine/flow/types';
import { CHOICE_UNDONE, type FlowContext } from '../../../engine/machine/createFlowMachine';
import { CONFIRMED_EMAIL_PATH } from '../../../engine/machine/effects';
import { formatEuro } from '../../../engine/money';
import { getPath } from '../../../engine/paths';
import { premiumOf } from '../../../engine/quote';
import type { RatedCover, RatedPackage } from '../../../engine/rating/types';

/** One moment of a headless replay the visitor would see: a substep as answered, or a pause on it. */
export interface ReplayScreen {
  /** "<step id>__<substep id>". */
  key: string;
  substep: Substep;
  /** The machine's state within the substep ("editing", {"referral": …}), as JSON. */
  state: string;
  /** The quote on screen: the answers typed so far. */
  quote: Quote;
  context: FlowContext;
  today: string;
}

export interface ScreenText {
  /** Where on the screen ("heading", "field CITY", "notice lowBuildingValue" …). */
  where: string;
  text: string;
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Every string of the form's uiSchema (titles, help, option labels, item labels, links). */
function uiStrings(node: unknown, where: string, out: ScreenText[]): void {
  if (typeof node === 'string') out.push({ where, text: node });
  else if (Array.isArray(node)) for (const [i, x] of node.entries()) uiStrings(x, `${where}[${i}]`, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      // Not words: the widget's name, the language, dates, the upload call's request.
      if (['ui:widget', 'ui:field', 'lang', 'min', 'max', 'upload', 'value'].includes(k)) continue;
      uiStrings(v, `${where}.${k}`, out);
    }
}

/**
 * The texts of one screen, in the language `t` translates to. `documents` are the names of the
 * product's texts (rules.json ET_TEXTS) a "read first" consent box lists.
 */
export function screenTexts(
  flow: Flow,
  screen: ReplayScreen,
  t: Translate,
  lang: 'el' | 'en',
  documents: readonly string[] = [],
): ScreenText[] {
  const { substep, quote, context, state, today } = screen;
  const vars = context.vars;
  const out: ScreenText[] = [];
  const say = (where: string, text: unknown) => {
    if (typeof text === 'string' && text) out.push({ where, text });
  };
  const stepIndex = flow.steps.findIndex((s) => s.substeps.includes(substep));

  // The step bar and the heading.
  const visible = flow.steps
    .map((_, i) => i)
    .filter((i) => evaluateCondition(flow.steps[i].visibleIf, quote, vars));
  say('step bar', t('flow:stepBar.label'));
  for (const i of visible) say(`step ${flow.steps[i].id}`, t(qualify(flow, flow.steps[i].label)));
  say(
    'step bar progress',
    t('flow:stepBar.progress', { current: visible.indexOf(stepIndex) + 1, total: visible.length }),
  );
  say('heading', t(qualify(flow, substep.title ?? flow.steps[stepIndex].label)));
  if (substep.intro) say('intro', t(qualify(flow, substep.intro)));
  const premium = flow.product ? premiumOf(quote, flow.product.premiumPath) : 0;
  if (premium > 0 && flow.product) say('premium', t(qualify(flow, flow.product.premiumWording.label)));

  // The pauses that take the form's place (the e-mail confirmation is the pages' own screen).
  if (state.includes('"otp"')) {
    say('heading', t('flow:otpTitle'));
    return out;
  }
  if (state.includes('referral') && context.referral) {
    say(
      'referral title',
      flow.referralTitle ? t(qualify(flow, flow.referralTitle)) : t('flow:referral.title'),
    );
    say('referral', context.referral.ERROR_MESSAGE);
    say('referral call', t('flow:referral.call'));
    return out;
  }
  if (state.includes('confirmPremium') && context.premium) {
    say('premium changed', t('flow:premiumChanged.title'));
    say(
      'premium changed',
      t('flow:premiumChanged.text', {
        previous: formatEuro(context.premium.previous, lang),
        current: formatEuro(context.premium.current, lang),
      }),
    );
    return out;
  }
  if (/"error"|^"?error"?$/.test(state)) {
    say('service error', context.serviceError?.message || t('flow:serviceError.text'));
    return out;
  }

  // The form: labels, help and options, and the documents a consent box offers.
  if (substep.fields?.length) {
    uiStrings(
      substepUiSchema(flow, substep, quote, { lang, t, lovOptions: () => [], today, vars }),
      'form',
      out,
    );
    if (substep.fields.some((f) => f.readFirst)) {
      say('documents', t('flow:documents.readFirst'));
      for (const name of documents) say(`document ${name}`, t(`flow:documents.${name}`));
    }
  }
  for (const { notice, values } of activeNotices(flow, substep, quote, today, vars))
    say(`notice ${notice.id}`, t(qualify(flow, notice.text), values));
  for (const e of context.errors)
    say(`error ${e.fieldId}`, e.fieldId.startsWith('$') ? t(e.key) : t(e.key, e.params));
  const refusal = context.serviceError;
  if (refusal)
    say(
      'refusal',
      refusal.code === CHOICE_UNDONE
        ? t('flow:packages.choiceUndone')
        : refusal.messageKey
          ? t(refusal.messageKey)
          : refusal.message || t('flow:serviceError.text'),
    );

  // Packages, their covers and limits, the optional covers and the panels.
  const spec = substep.packages;
  if (spec) {
    const packages = (getPath(quote, spec.listPath) as RatedPackage[] | undefined) ?? [];
    const covers =
      (spec.coversPath ? (getPath(quote, spec.coversPath) as RatedCover[] | undefined) : []) ?? [];
    for (const p of packages) {
      say(`package ${p.PACKAGE_ID}`, t(qualify(flow, p.PACKAGE_DESC)));
      if (flow.product) say(`package ${p.PACKAGE_ID}`, t(qualify(flow, flow.product.premiumWording.period)));
    }
    for (const c of covers) {
      say(`cover ${c.COVER_ID}`, t(qualify(flow, c.COVER_DESC)));
      for (const [name, value] of Object.entries(c.LIMITS ?? {}))
        say(
          `cover ${c.COVER_ID} limit`,
          t(`flow:limits.${name}`, { value, amount: formatEuro(value, lang) }),
        );
    }
    if (covers.some((c) => c.OPTIONAL === 'X')) say('optional covers', t('flow:packages.optionalCovers'));
  }
  if (substep.panels) {
    say('panels', t('flow:packages.panelsTitle'));
    for (const item of substep.panels.items) say(`panel ${item.id}`, t(qualify(flow, item.title)));
  }

  // The send-offer summary, and on the next substep where the offer went.
  const email =
    getPath(quote, CONFIRMED_EMAIL_PATH) === 'X' ? asText(getPath(quote, 'CS_CONFIRMATION.EMAIL')) : '';
  if (substep.kind === 'sendOffer') {
    say('send offer', t('flow:sendOffer.text', { days: flow.product?.offerValidityDays ?? 30 }));
    const packageDesc = asText(getPath(quote, 'CS_POLICY.PACKAGE_DESC'));
    if (packageDesc) say('send offer package', t(qualify(flow, packageDesc)));
    say('send offer', email ? t('flow:sendOffer.willSend', { email }) : t('flow:sendOffer.confirmFirst'));
  }
  const positions = flow.steps.flatMap((s) => s.substeps);
  const previous = positions[positions.indexOf(substep) - 1];
  const offerNo = asText(getPath(quote, 'CS_POLICY.OFFER_NO'));
  if (previous?.kind === 'sendOffer' && offerNo && email)
    say('offer sent', t('flow:sendOffer.sent', { offerNo, email }));

  // The continue button.
  const last = positions.indexOf(substep) === positions.length - 1;
  say(
    'continue',
    substep.kind === 'payment' && premium > 0
      ? t('flow:actions.pay', { amount: formatEuro(premium, lang) })
      : substep.kind === 'sendOffer'
        ? t('flow:actions.sendOffer')
        : last
          ? t('flow:actions.finish')
          : t('flow:actions.next'),
  );
  return out;
}
