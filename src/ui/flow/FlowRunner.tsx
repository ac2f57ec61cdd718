// Runs a flow's machine on screen: the step bar, the current substep (form, packages or payment),
// and the pauses (referral, one-time code, changed premium, errors, the payment redirect).

import { useSelector } from '@xstate/react';
import i18next from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRulesDetail } from '../../api/zcp';
import { evaluateCondition } from '../../engine/conditions';
import { todayInNicosia } from '../../engine/dates';
import { applyDerived } from '../../engine/flow/derived';
import { namespaceOf, qualify } from '../../engine/flow/expand';
import type { UiContext } from '../../engine/flow/forms';
import type { Quote } from '../../engine/flow/types';
import { validateSubstep } from '../../engine/flow/validate';
import { substepPositions } from '../../engine/machine/createFlowMachine';
import { formatEuro } from '../../engine/money';
import { getPath } from '../../engine/paths';
import { premiumOf } from '../../engine/quote';
import { ExpiringSoonNotice } from '../components/ExpiringSoonNotice';
import { DelayedLoader } from '../layout/Loader';
import { LazyBoundary, lazyNamed } from '../lazy';
import { useFormPresence } from '../state/formPresence';
import { createInputIssues } from '../theme';
import { CompletionScreen } from './CompletionScreen';
import { FormSubstep } from './FormSubstep';
import type { FlowActor } from './flowActors';
import { SubstepNotices } from './Notices';
import { PackagesSubstep } from './PackagesSubstep';
import { PaymentRedirectForm, PremiumChanged, ReferralNotice, ServiceErrorNotice } from './Pauses';
import { confirmedEmail, SendOfferSubstep } from './SendOfferSubstep';
import { StepBar } from './StepBar';
import { useLovs } from './useLovs';

const CHANGE_DEBOUNCE_MS = 350;

// The e-mail code pause comes late in a flow, if at all: its form and its strings (the 'pages'
// namespace) are fetched together when it first shows, not with the flow's first paint.
const EmailValidation = lazyNamed(
  () =>
    Promise.all([
      import('../components/EmailValidation'),
      i18next.loadNamespaces(['pages', 'validation']),
    ]).then(([module]) => module),
  'EmailValidation',
);

export interface FlowRunnerProps {
  actor: FlowActor;
  /** Follows a link of the flow's closing screen (the host's router); a plain link without it. */
  onLink?: (to: string) => void;
}

export function FlowRunner({ actor, onLink }: FlowRunnerProps) {
  const flow = useSelector(actor, (s) => s.context.flow);
  // The flow's own strings, the shared field labels, the runner's and the validation messages.
  const { t, i18n, ready } = useTranslation([namespaceOf(flow), 'fields', 'flow', 'validation', 'ui'], {
    useSuspense: false,
  });
  const lang = (i18n.language === 'en' ? 'en' : 'el') as 'el' | 'en';
  const vars = useSelector(actor, (s) => s.context.vars);
  const machineQuote = useSelector(actor, (s) => s.context.quote);
  const value = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const positions = useMemo(() => substepPositions(flow), [flow]);

  // The visitor's edits live here between keystrokes and reach the machine debounced or on continue.
  const [draft, setDraft] = useState<Quote>(machineQuote);
  const [showAll, setShowAll] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => setDraft(machineQuote), [machineQuote]);

  const topState = typeof value === 'string' ? value : Object.keys(value)[0];
  const inner = typeof value === 'string' ? '' : JSON.stringify((value as Record<string, unknown>)[topState]);
  const position = positions.find((p) => p.key === topState);
  const substep = position?.substep;
  useFormPresence(Boolean(substep?.fields?.length));

  // Each substep starts clean and with its heading focused, for screen readers and keyboards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the substep changes
  useEffect(() => {
    setShowAll(false);
    headingRef.current?.focus();
  }, [topState]);

  const change = useCallback(
    (edited: Quote) => {
      // Derived values (sums, ages) kept current, so rules and notices that read them see the edit.
      const quote = applyDerived(flow, edited, todayInNicosia());
      setDraft(quote);
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(() => actor.send({ type: 'CHANGE', quote }), CHANGE_DEBOUNCE_MS);
    },
    [actor, flow],
  );
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const lovs = useLovs(flow, draft, lang);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new registry for each substep
  const inputIssues = useMemo(() => createInputIssues(), [topState]);
  const today = todayInNicosia();
  const ctx: UiContext = useMemo(
    () => ({ lang, t: (key, values) => t(key, values), lovOptions: lovs.options, today, vars }),
    [lang, t, lovs.options, today, vars],
  );

  const [texts, setTexts] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are read again in the new language
  useEffect(() => {
    if (!flow.product) return;
    getRulesDetail(flow.product.rulesKey as never)
      .then((r) => setTexts(Object.fromEntries(r.ET_TEXTS.map((x) => [x.TEXT_NAME, x.TEXT]))))
      .catch(() => setTexts({}));
  }, [flow, lang]);

  const next = () => {
    if (pending.current) clearTimeout(pending.current);
    const held = inputIssues.revealAll();
    if (held) {
      document.getElementById(held)?.focus();
      return;
    }
    if (substep?.fields?.length && validateSubstep(substep, draft, ctx).length > 0) {
      setShowAll(true);
      actor.send({ type: 'CHANGE', quote: draft });
      // After the errors render, take the visitor to the first one.
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
        first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        first?.focus({ preventScroll: true });
      });
      return;
    }
    actor.send({ type: 'NEXT', quote: draft });
  };

  if (topState === 'redirecting' && context.redirect)
    return <PaymentRedirectForm redirect={context.redirect} flowId={flow.id} />;
  if (topState === 'completed' && flow.completion && ready)
    return <CompletionScreen flow={flow} t={t} onLink={onLink} />;
  if (!position || !substep || !ready) return <DelayedLoader />;

  const visibleSteps = flow.steps
    .map((_, i) => i)
    .filter((i) => evaluateCondition(flow.steps[i].visibleIf, draft, vars));
  const busy = /leaving|entering|recalculating|sending|verifying/.test(inner);
  const premium = flow.product ? premiumOf(draft, flow.product.premiumPath) : 0;
  const isLastSubstep = position.index === positions.length - 1;
  const machineErrors = context.errors.filter((e) => e.fieldId.startsWith('$'));
  // Continue waits until every cover and document panel was opened (spec §4, motor).
  const openedPanels = substep.panels ? getPath(draft, substep.panels.recordPath) : undefined;
  const panelsPending =
    Boolean(substep.panels?.requireAllOpened) &&
    !substep.panels?.items.every((item) => Array.isArray(openedPanels) && openedPanels.includes(item.id));
  // The substep after send-offer says where the offer went.
  const sentOfferNo =
    positions[position.index - 1]?.substep.kind === 'sendOffer'
      ? String(getPath(draft, 'CS_POLICY.OFFER_NO') ?? '')
      : '';

  let body: React.ReactNode;
  if (inner.includes('referral') && context.referral) {
    body = (
      <ReferralNotice
        flow={flow}
        message={context.referral.ERROR_MESSAGE}
        type={context.referral.ERROR_TEXT_TYPE}
        onEdit={() => actor.send({ type: 'EDIT' })}
      />
    );
  } else if (inner.includes('"otp"')) {
    body = (
      <LazyBoundary>
        <EmailValidation
          headingLevel={2}
          initialEmail={
            context.otp.email ||
            String((draft.CS_POLICY_HOLDER as Record<string, unknown> | undefined)?.MAIL_ADDRESS ?? '')
          }
          onValidated={(email) => actor.send({ type: 'OTP_CONFIRMED', email })}
        />
      </LazyBoundary>
    );
  } else if (inner.includes('confirmPremium') && context.premium) {
    body = (
      <PremiumChanged
        previous={context.premium.previous}
        current={context.premium.current}
        lang={lang}
        onConfirm={() => actor.send({ type: 'CONFIRM_PREMIUM' })}
        onReject={() => actor.send({ type: 'REJECT_PREMIUM' })}
      />
    );
  } else if (inner.includes('error')) {
    body = (
      <ServiceErrorNotice
        message={context.serviceError?.message}
        onRetry={() => actor.send({ type: 'RETRY' })}
        onEdit={() => actor.send({ type: 'EDIT' })}
      />
    );
  } else {
    body = (
      <form
        className="substep"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) next();
        }}
      >
        {substep.intro && <p className="substep__intro">{t(qualify(flow, substep.intro))}</p>}
        {sentOfferNo && (
          <p className="notice notice--info send-offer__sent" role="status">
            {t('flow:sendOffer.sent', { offerNo: sentOfferNo, email: confirmedEmail(draft) })}
          </p>
        )}
        {substep.kind === 'sendOffer' && <SendOfferSubstep flow={flow} quote={draft} lang={lang} />}
        {substep.kind === 'packages' && (
          <PackagesSubstep
            flow={flow}
            substep={substep}
            quote={draft}
            lang={lang}
            texts={texts}
            busy={busy}
            error={machineErrors.map((e) => t(e.key)).join(' ') || undefined}
            onSelect={(packageId) => actor.send({ type: 'SELECT_PACKAGE', packageId })}
            onToggleCover={(coverId, selected) => actor.send({ type: 'TOGGLE_COVER', coverId, selected })}
            onOpenPanel={(id) => actor.send({ type: 'OPEN_PANEL', id })}
          />
        )}
        {substep.fields?.length ? (
          <FormSubstep
            // One form per substep: its precompiled validator and the fields left belong to it alone
            // (two form substeps in a row, motor's search then details, must not share them).
            key={topState}
            flow={flow}
            substep={substep}
            quote={draft}
            ctx={ctx}
            showAll={showAll}
            onChange={change}
            inputIssues={inputIssues}
          />
        ) : null}
        <SubstepNotices flow={flow} substep={substep} quote={draft} today={today} vars={vars} t={t} />
        {context.serviceError && !inner.includes('error') && (
          <p className="field-error" role="alert" data-service-error="">
            {context.serviceError.messageKey
              ? t(context.serviceError.messageKey)
              : context.serviceError.message || t('flow:serviceError.text')}
          </p>
        )}
        {panelsPending && (
          <p id="continue-hint" className="substep__hint">
            {t('flow:actions.openPanelsFirst')}
          </p>
        )}
        <div className="substep__actions">
          {position.index > 0 && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => actor.send({ type: 'BACK' })}
              disabled={busy}
            >
              {t('flow:actions.back')}
            </button>
          )}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={busy || panelsPending}
            aria-busy={busy}
            aria-describedby={panelsPending ? 'continue-hint' : undefined}
          >
            {substep.kind === 'payment' && premium > 0
              ? t('flow:actions.pay', { amount: formatEuro(premium, lang) })
              : substep.kind === 'sendOffer'
                ? t('flow:actions.sendOffer')
                : isLastSubstep
                  ? t('flow:actions.finish')
                  : t('flow:actions.next')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div
      className="flow"
      data-flow={flow.id}
      data-substep={topState}
      data-state={inner.replace(/[{}"]/g, '').replace(/:/g, '.')}
    >
      <StepBar
        flow={flow}
        visible={visibleSteps}
        current={position.stepIndex}
        onGoTo={(step) => actor.send({ type: 'GOTO', step })}
      />
      {premium > 0 && (
        <aside className="flow__premium" aria-live="polite">
          <span>{t('flow:premium.label')}</span> <strong>{formatEuro(premium, lang)}</strong>
        </aside>
      )}
      <div className="flow__main">
        <h1 className="flow__title" tabIndex={-1} ref={headingRef}>
          {t(qualify(flow, substep.title ?? flow.steps[position.stepIndex].label))}
        </h1>
        {lovs.failed && (
          <p className="notice notice--error" role="alert">
            {t('flow:lovFailed')}{' '}
            <button type="button" className="btn btn--link" onClick={lovs.retry}>
              {t('flow:retry')}
            </button>
          </p>
        )}
        {/* An offer being completed near its end date says so (spec §4). */}
        {getPath(draft, 'CS_POLICY.OFFER_NO') ? (
          <ExpiringSoonNotice expiryDate={getPath(draft, 'CS_POLICY.EXPIRY_DATE')} />
        ) : null}
        {body}
        {busy && <DelayedLoader />}
      </div>
    </div>
  );
}
