// Runs a flow's machine on screen: the step bar, the current substep (form, packages or payment),
// and the pauses (referral, one-time code, changed premium, errors, the payment redirect).

import { useSelector } from '@xstate/react';
import i18next from 'i18next';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { callZcp, getRulesDetail } from '../../api/zcp';
import { evaluateCondition } from '../../engine/conditions';
import { todayInNicosia } from '../../engine/dates';
import { applyDerived } from '../../engine/flow/derived';
import { namespaceOf, qualify } from '../../engine/flow/expand';
import { READ_TEXTS_PATH, type UiContext } from '../../engine/flow/forms';
import type { CallSpec, Quote } from '../../engine/flow/types';
import { validateSubstep } from '../../engine/flow/validate';
import { layArrivedUnder } from '../../engine/machine/arrived';
import { callRequest } from '../../engine/machine/calls';
import {
  CHOICE_UNDONE,
  type FlowEvent,
  initialQuote,
  substepPositions,
} from '../../engine/machine/createFlowMachine';
import { formatEuro } from '../../engine/money';
import { getPath, setPath } from '../../engine/paths';
import { premiumOf } from '../../engine/quote';
import { ExpiringSoonNotice } from '../components/ExpiringSoonNotice';
import { focusFirstInvalid } from '../components/fields';
import { DelayedLoader } from '../layout/Loader';
import { LazyBoundary, lazyNamed } from '../lazy';
import { useFormPresence } from '../state/formPresence';
import { createInputIssues } from '../theme';
import type { ReadFirstDocuments } from '../widgets/documents';
import { CompletionScreen } from './CompletionScreen';
import { FormSubstep } from './FormSubstep';
import type { FlowActor } from './flowActors';
import { SubstepNotices } from './Notices';
import { PackagesSubstep } from './PackagesSubstep';
import { PaymentRedirectForm, PremiumChanged, ReferralNotice, ServiceErrorNotice } from './Pauses';
import { confirmedEmail, SendOfferSubstep } from './SendOfferSubstep';
import { StepBar } from './StepBar';
import { useLovs } from './useLovs';
import { reportValidationFailures } from './validationLog';

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

/** One of the flow's calls run outside its effects (the referral's call-back). */
function runCall(spec: CallSpec, quote: Quote): Promise<unknown> {
  const request = callRequest(spec, quote);
  return callZcp(request.method, request.path, request.body);
}

/** The runner's strings besides the flow's own namespace (FlowPage asks for them with the flow). */
export const RUNNER_NAMESPACES = ['fields', 'flow', 'validation', 'ui'];

export interface FlowRunnerProps {
  actor: FlowActor;
  /** Follows a link of the flow's closing screen (the host's router); a plain link without it. */
  onLink?: (to: string) => void;
  /** What the page shows below the flow's step (a promo-code link). */
  aside?: React.ReactNode;
  /** 2 when the host page has its own level-1 heading (the payment-method page): one h1 a page. */
  headingLevel?: 1 | 2;
}

export function FlowRunner({ actor, onLink, aside, headingLevel = 1 }: FlowRunnerProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const flow = useSelector(actor, (s) => s.context.flow);
  // The flow's own strings, the shared field labels, the runner's and the validation messages.
  const { t, i18n, ready } = useTranslation([namespaceOf(flow), ...RUNNER_NAMESPACES], {
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
  // The edit the pending timer will send, so a choice made before it fires can send it first.
  const unsent = useRef<Quote | null>(null);
  // A new quote from the machine replaces the draft in the same render, not one commit later: a
  // tapped cover or package must never be drawn, even briefly, as it was before the tap. An edit
  // the machine has not seen yet stays on top of it (data arriving never undoes a choice), and the
  // timer sends it on the new quote, not on the one it was typed over.
  const [shownQuote, setShownQuote] = useState<Quote>(machineQuote);
  if (shownQuote !== machineQuote) {
    setShownQuote(machineQuote);
    const edited = unsent.current;
    const rebased = edited ? layArrivedUnder(shownQuote, machineQuote, edited) : machineQuote;
    if (edited) unsent.current = rebased;
    setDraft(rebased);
  }
  const headingRef = useRef<HTMLHeadingElement>(null);

  const topState = typeof value === 'string' ? value : Object.keys(value)[0];
  const inner = typeof value === 'string' ? '' : JSON.stringify((value as Record<string, unknown>)[topState]);
  const position = positions.find((p) => p.key === topState);
  const substep = position?.substep;
  // The language switch warns when a reload would lose answers: past the first substep, or once the
  // visitor has changed anything on it; never on an untouched first step.
  const fresh = useMemo(() => initialQuote(flow, { vars }), [flow, vars]);
  const answered = (substep?.fields ?? []).some(
    (f) => JSON.stringify(getPath(draft, f.path)) !== JSON.stringify(getPath(fresh, f.path)),
  );
  useFormPresence((position?.index ?? 0) > 0 || answered);

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
      unsent.current = quote;
      pending.current = setTimeout(() => {
        // Rebased meanwhile if the machine's quote moved on (see above).
        const latest = unsent.current ?? quote;
        unsent.current = null;
        actor.send({ type: 'CHANGE', quote: latest });
      }, CHANGE_DEBOUNCE_MS);
    },
    [actor, flow],
  );

  /**
   * A choice the machine applies to its quote (a package, a cover, a panel opened): an edit still
   * waiting for its timer goes first, or the choice would land on the quote before the edit and
   * the edit, sent after, would undo it (a panel opened just after ticking the terms box was not
   * recorded, and the tick vanished until the timer fired).
   */
  const choose = useCallback(
    (event: FlowEvent) => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
      if (unsent.current) actor.send({ type: 'CHANGE', quote: unsent.current });
      unsent.current = null;
      actor.send(event);
    },
    [actor],
  );
  // Unmounted with an edit not sent yet (a wizard whose address follows its step mounts its page
  // anew just after the step appears): the edit goes to the machine, not away with the page, so a
  // choice made at once is there when the step is drawn again.
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
      const edit = unsent.current;
      unsent.current = null;
      if (edit && actor.getSnapshot().status === 'active') actor.send({ type: 'CHANGE', quote: edit });
    },
    [actor],
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

  // The product's documents for a consent box that must be read first: opened here, or earlier as
  // a cover or document panel.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  const documents: ReadFirstDocuments = useMemo(() => {
    const readTexts = getPath(draft, READ_TEXTS_PATH);
    const opened = new Set<string>(Array.isArray(readTexts) ? (readTexts as string[]) : []);
    for (const s of flow.steps.flatMap((step) => step.substeps)) {
      const panels = s.panels;
      const done = panels ? getPath(draft, panels.recordPath) : undefined;
      if (panels && Array.isArray(done))
        for (const item of panels.items) if (done.includes(item.id)) opened.add(item.text);
    }
    return {
      items: Object.entries(texts).map(([name, text]) => ({
        name,
        text,
        title: t(`flow:documents.${name}`),
      })),
      opened: [...opened],
      // The form may hold on to this callback past later edits: it reads the draft as it is now.
      onOpen: (name) => {
        const now = latestDraft.current;
        const list = getPath(now, READ_TEXTS_PATH);
        const read = Array.isArray(list) ? (list as string[]) : [];
        if (!read.includes(name)) change(setPath(now, READ_TEXTS_PATH, [...read, name]));
      },
    };
  }, [texts, draft, flow, t, change]);

  const next = () => {
    if (pending.current) clearTimeout(pending.current);
    unsent.current = null;
    const held = inputIssues.revealAll();
    if (held) {
      document.getElementById(held)?.focus();
      return;
    }
    const failures = substep?.fields?.length ? validateSubstep(substep, draft, ctx) : [];
    if (substep && failures.length > 0) {
      reportValidationFailures(flow.id, substep.id, failures);
      // The errors are rendered at once, then the visitor is taken to the first one.
      flushSync(() => setShowAll(true));
      actor.send({ type: 'CHANGE', quote: draft });
      focusFirstInvalid(document, true);
      return;
    }
    actor.send({ type: 'NEXT', quote: draft });
  };

  if (topState === 'redirecting' && context.redirect)
    return <PaymentRedirectForm redirect={context.redirect} flowId={flow.id} />;
  if (topState === 'completed' && flow.completion && ready)
    return (
      <CompletionScreen
        flow={flow}
        quote={machineQuote}
        t={t}
        onLink={onLink}
        lang={lang}
        headingLevel={headingLevel}
      />
    );
  if (!position || !substep || !ready) return <DelayedLoader />;

  const visibleSteps = flow.steps
    .map((_, i) => i)
    .filter((i) => evaluateCondition(flow.steps[i].visibleIf, draft, vars));
  const busy = /leaving|entering|recalculating|sending|verifying/.test(inner);
  // While a premium is recalculated the choices stay open (a new one restarts the recalculation);
  // only the prices are marked as updating.
  const pricing = inner.includes('recalculating');
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

  const callBackSpec = flow.referralCallBack ? flow.calls?.[flow.referralCallBack] : undefined;
  let body: React.ReactNode;
  if (inner.includes('referral') && context.referral) {
    body = (
      <ReferralNotice
        flow={flow}
        message={context.referral.ERROR_MESSAGE}
        type={context.referral.ERROR_TEXT_TYPE}
        checkNumber={String(context.referral.CHECK_NUMBER ?? '')}
        offerNo={String(getPath(draft, 'CS_POLICY.OFFER_NO') ?? '')}
        onEdit={() => actor.send({ type: 'EDIT' })}
        onCallBack={callBackSpec ? () => runCall(callBackSpec, draft) : undefined}
        title={flow.referralTitle ? t(qualify(flow, flow.referralTitle)) : undefined}
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
        {/* Only when this visit confirmed the address: a reopened offer was mailed earlier, if at all. */}
        {sentOfferNo && confirmedEmail(draft) && (
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
            locked={busy && !pricing}
            pricing={pricing}
            error={machineErrors.map((e) => t(e.key)).join(' ') || undefined}
            onSelect={(packageId) => choose({ type: 'SELECT_PACKAGE', packageId })}
            onToggleCover={(coverId, selected) => choose({ type: 'TOGGLE_COVER', coverId, selected })}
            onOpenPanel={(id) => choose({ type: 'OPEN_PANEL', id })}
          />
        )}
        {substep.fields?.length ? (
          // Drawn at once; only a conditional schema would wait here for its validator (substepValidator).
          <Suspense fallback={null}>
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
              documents={documents}
            />
          </Suspense>
        ) : null}
        <SubstepNotices flow={flow} substep={substep} quote={draft} today={today} vars={vars} t={t} />
        {context.serviceError && !inner.includes('error') && (
          <p className="field-error" role="alert" data-service-error="">
            {context.serviceError.code === CHOICE_UNDONE
              ? t('flow:packages.choiceUndone')
              : context.serviceError.messageKey
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
        <aside className="flow__premium" aria-live="polite" aria-busy={pricing}>
          <span>{t(qualify(flow, flow.product!.premiumWording.label))}</span>{' '}
          <strong>{formatEuro(premium, lang)}</strong>
        </aside>
      )}
      <div className="flow__main">
        <Heading className="flow__title" tabIndex={-1} ref={headingRef}>
          {/* While the e-mail code is asked, the page is about that, not the substep it guards. */}
          {inner.includes('"otp"')
            ? t('flow:otpTitle')
            : t(qualify(flow, substep.title ?? flow.steps[position.stepIndex].label))}
        </Heading>
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
        {aside}
        {busy && <DelayedLoader />}
      </div>
    </div>
  );
}
