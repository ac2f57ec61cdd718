// The product calls, registered from every flow bundle with a product and a tariff:
//   POST /zcp/{segment}/{calc}        rate the quote
//   POST /zcp/{segment}/{packages}    re-rate for the selected package and optional covers
//   POST /zcp/{segment}/{quotation}   check everything again and store the offer

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { addDays, ymdToDisplay } from '../../engine/dates';
import type { Quote } from '../../engine/flow/types';
import { formatEuro } from '../../engine/money';
import { getPath } from '../../engine/paths';
import { isEmailAddress } from '../../engine/rules/fieldRules';
import type { Db } from '../db';
import { clientBindingFor } from '../otp/clientBinding';
import { isEmailConfirmed } from '../otp/codes';
import { enqueueMail, type MailRequest } from '../outbox';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import { type ServiceContext, today } from '../platform/context';
import { notFound, refuse, requestLang } from '../platform/errors';
import { hasKey, type Lang, t } from '../platform/i18n';
import { hitLimit, type LimitRule } from '../platform/rateLimit';
import type { Product } from './catalog';
import { checkFlowData } from './checks';
import { offerAccessFor, offerMailLink } from './offerAccess';
import { offerOwnership, portalOwnsOffer } from './offerOwner';
import { offerWriterFor, tooManyOffers } from './offerWriter';
import { offerInputOf, type Priced, priceQuote } from './pricing';
import { findOffer, insertOffer, nextOfferNo, type OfferInput, updateOffer, withOffer } from './store';

export interface QuotationResult {
  offerNo: string;
  expiryDate: string;
  priced: Priced;
}

/** The answer of the rating calls: the service's CS_POLICY fields and the rated lists. */
export function ratedAnswer(priced: Priced, policyExtra: Record<string, unknown> = {}) {
  return {
    CS_POLICY: { ...priced.policy, ...policyExtra },
    CT_PACKAGES: priced.rating.CT_PACKAGES,
    CT_COVERS: priced.rating.CT_COVERS,
    CT_DISCOUNTS: priced.rating.CT_DISCOUNTS,
    CT_OFFERS: (priced.quote.CT_OFFERS as unknown[]) ?? [],
  };
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** A label key ("driver:packages.DRV_BASIC") in the language, or the key's last part. */
function labelText(lang: Lang, key: string): string {
  if (key === '') return '';
  return hasKey(lang, key) ? t(lang, key) : (key.split('.').pop() ?? key);
}

export function productRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    const seen = new Set<string>();
    const onRatingError = (request: FastifyRequest) => (error: unknown) =>
      request.log.error({ err: error }, 'tariff failed on a quote');

    // The rating calls answer exactly the fields of ratingAnswer, a closed schema, so Fastify writes
    // their answer with a serialiser made for those fields (no walk over unknown keys); the
    // quotation's answer adds the offer's fields (ratedQuote).
    const post = (
      product: Product,
      name: string,
      summary: string,
      handler: (request: FastifyRequest<{ Body: Quote }>, reply: FastifyReply) => Promise<unknown>,
      answer: 'ratingAnswer' | 'ratedQuote' = 'ratedQuote',
    ) => {
      const path = `/${product.meta.api.segment}/${name}`;
      if (seen.has(path)) throw new Error(`Two products claim POST /zcp${path} (flow ${product.id})`);
      seen.add(path);
      app.post<{ Body: Quote }>(
        path,
        {
          schema: {
            tags: [`product: ${product.meta.rulesKey}`],
            summary,
            body: ref('quote'),
            response: { 200: ref(answer), ...ERROR_ANSWERS },
          },
        },
        handler,
      );
    };

    for (const product of ctx.catalog.products) {
      if (!product.tariff) continue;
      const { api } = product.meta;
      // The routes are the product's; what prices a request is its live version when the request
      // comes (a published tariff change prices the next quote), kept for the whole request.
      const live = (): Product => ctx.catalog.byFlowId(product.id) ?? product;

      post(
        product,
        api.calc,
        `Rate a ${product.meta.rulesKey} quote`,
        async (request) => {
          const priced = priceQuote(live(), request.body, {
            today: today(ctx),
            lang: requestLang(request),
            requirePackage: false,
            onRatingError: onRatingError(request),
            ...(await renewalStartOf(ctx, request, live())),
          });
          return ratedAnswer(priced);
        },
        'ratingAnswer',
      );

      if (api.packages) {
        post(
          product,
          api.packages,
          `Recalculate the selected ${product.meta.rulesKey} package`,
          async (request) => {
            const priced = priceQuote(live(), request.body, {
              today: today(ctx),
              lang: requestLang(request),
              requirePackage: true,
              onRatingError: onRatingError(request),
              ...(await renewalStartOf(ctx, request, live())),
            });
            return ratedAnswer(priced);
          },
          'ratingAnswer',
        );
      }

      post(product, api.quotation, `Store a ${product.meta.rulesKey} offer`, async (request, reply) => {
        const lang = requestLang(request);
        const result = await quotation(ctx, live(), request, reply, lang);
        return ratedAnswer(result.priced, {
          OFFER_NO: result.offerNo,
          EXPIRY_DATE: result.expiryDate,
          CONTRACT_NO: '',
        });
      });
    }
  };
}

/** The quotation: validation, referral, rating, confirmed e-mail, then the offer in one transaction. */
async function quotation(
  ctx: ServiceContext,
  product: Product,
  request: FastifyRequest<{ Body: Quote }>,
  reply: FastifyReply,
  lang: Lang,
): Promise<QuotationResult> {
  const now = ctx.now();
  const day = today(ctx);
  const requested = text(getPath(request.body, 'CS_POLICY.OFFER_NO'));
  // A renewal offer being paid keeps its renewal's start (the day after the old contract ends),
  // second-year rating and validity, whatever the client sends.
  const renewal = await renewalOffer(ctx, request, product, requested);
  const priced = priceQuote(product, request.body, {
    today: day,
    lang,
    requirePackage: true,
    onRatingError: (error) => request.log.error({ err: error }, 'tariff failed on a quote'),
    ...(renewal ? { renewalStart: renewal.start } : {}),
  });
  checkFlowData(product, priced.quote, {
    today: day,
    lang,
    variant: priced.variant,
    callPath: `/${product.meta.api.segment}/${product.meta.api.quotation}`,
    ...(renewal ? { serviceDecided: ['CS_POLICY.START_DATE'] } : {}),
  });

  const mail = text(getPath(priced.quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS')).toLowerCase();
  if (!isEmailAddress(mail)) {
    throw refuse('errors.quote.emailMissing', {}, { field: 'CS_POLICY_HOLDER.MAIL_ADDRESS' });
  }
  // Confirmed by this browser: a confirmation serves only the client that proved the mailbox, or
  // the browser that holds an offer mailed to it (the e-mailed link).
  const client = clientBindingFor(ctx.config).idOf(request) ?? '';
  const notConfirmed = () =>
    refuse(
      'errors.quote.emailNotConfirmed',
      {},
      { field: 'CS_POLICY_HOLDER.MAIL_ADDRESS', code: 'EMAIL_NOT_CONFIRMED' },
    );
  // A new offer's confirmation is checked by the offer writer, in its batch (one query for all).
  if (
    requested !== '' &&
    !(await isEmailConfirmed(ctx.db, mail, now, ctx.config.emailConfirmationHours, client)) &&
    !(await ownsOfferMailedTo(ctx, request, requested, mail))
  ) {
    throw notConfirmed();
  }

  const selected = priced.selected;
  if (!selected) throw refuse('errors.quote.unknownPackage', {}, { field: 'CS_POLICY.PACKAGE_ID' });
  const expiryDate = renewal?.expiryDate ?? addDays(day, product.meta.offerValidityDays ?? 30);
  const input = offerInputOf(
    product,
    { ...priced, selected },
    { mailAddress: mail, language: lang, expiryDate, now },
  );
  const sendByMail = text(getPath(request.body, 'CS_USER_EXTRAS.SEND_VIA_MAIL')).toUpperCase() === 'X';

  const holder = (priced.quote.CS_POLICY_HOLDER ?? {}) as Record<string, unknown>;
  const offerMail = (number: string): MailRequest => ({
    to: mail,
    template: 'offerSent',
    lang,
    values: {
      name: [text(holder.FIRST_NAME), text(holder.LAST_NAME)].filter(Boolean).join(' '),
      offerNo: number,
      product: labelText(lang, `products.${product.meta.rulesKey}`),
      package: labelText(lang, selected.PACKAGE_DESC),
      amount: formatEuro(selected.AMOUNT, lang),
      expiryDate: ymdToDisplay(expiryDate),
      link: offerMailLink(ctx.config, product, priced.variant, number, String(priced.policy.PRODUCT_ID)),
    },
  });
  const stored = (number: string): OfferInput => ({
    ...input,
    quote: withOffer(input.quote, number, expiryDate),
  });

  // The logged-in customer's own offer (continued from the portal) is theirs by the session: it is
  // changed in place and no offer cookie is set for it. Asked before the transaction below.
  const portalOwned = requested !== '' && (await portalOwnsOffer(ctx, request, requested));
  // A new offer (the usual case) goes to the group-commit writer; changing an offer in place
  // reads and locks it first, in a transaction of its own.
  const offerNo =
    requested === ''
      ? await offerWriterFor(ctx.db, ctx.config.sessionSecret).write({
          confirmation: {
            mail,
            client,
            since: new Date(now.getTime() - ctx.config.emailConfirmationHours * 3600_000),
            refusal: notConfirmed,
          },
          limit: newOfferLimit(ctx, request.ip),
          now,
          build: stored,
          ...(sendByMail ? { mail: offerMail } : {}),
        })
      : await ctx.db.transaction(async (tx) => {
          // An offer is changed in place only by a browser holding it, while it can still be bought.
          const existing = await findOffer(tx, requested, true);
          const reusable =
            existing &&
            existing.flow_id === product.id &&
            buyable(existing.status) &&
            existing.mail_address === mail &&
            (portalOwned || offerAccessFor(ctx.config).mayAccess(request, existing.offer_no));
          // A renewal is changed only in place: never copied into a new offer.
          if (renewal && !reusable) throw notFound('errors.offer.notFound', { offerNo: requested });
          if (!(existing && reusable)) await countNewOffer(tx, ctx, request.ip, now);
          const number = existing && reusable ? existing.offer_no : await nextOfferNo(tx);
          if (existing && reusable) await updateOffer(tx, number, stored(number));
          else await insertOffer(tx, number, stored(number));
          if (sendByMail) await enqueueMail(tx, offerMail(number));
          return number;
        });
  if (sendByMail) ctx.kickOutbox();
  if (!(portalOwned && offerNo === requested))
    offerAccessFor(ctx.config).remember(request, reply, offerNo, now);
  request.log.info({ offerNo, product: product.meta.rulesKey }, 'offer stored');
  return { offerNo, expiryDate, priced };
}

/** A quote that continues a renewal offer (its OFFER_NO) is rated as that renewal. */
async function renewalStartOf(
  ctx: ServiceContext,
  request: FastifyRequest<{ Body: Quote }>,
  product: Product,
): Promise<{ renewalStart?: string }> {
  const offerNo = text(getPath(request.body, 'CS_POLICY.OFFER_NO'));
  if (offerNo === '') return {};
  const renewal = await renewalOffer(ctx, request, product, offerNo);
  return renewal ? { renewalStart: renewal.start } : {};
}

/** The renewal offer the quotation continues, when the caller may change it: its start and validity. */
async function renewalOffer(
  ctx: ServiceContext,
  request: FastifyRequest,
  product: Product,
  offerNo: string,
): Promise<{ start: string; expiryDate: string } | undefined> {
  if (offerNo === '') return undefined;
  const offer = await findOffer(ctx.db, offerNo);
  if (!offer?.renewal_of || offer.flow_id !== product.id || !buyable(offer.status)) return undefined;
  if (!(await offerOwnership(ctx).mayAccess(request, offerNo))) return undefined;
  const start = getPath(offer.quote, 'CS_POLICY.START_DATE');
  return typeof start === 'string' ? { start, expiryDate: offer.expiry_date } : undefined;
}

/**
 * A browser holding an offer (its cookie, or the e-mailed link that set it) that was sent to this
 * very address has proved the mailbox: reopening the offer from the e-mail needs no new code.
 */
async function ownsOfferMailedTo(
  ctx: ServiceContext,
  request: FastifyRequest,
  offerNo: string,
  mail: string,
): Promise<boolean> {
  if (offerNo === '' || !(await offerOwnership(ctx).mayAccess(request, offerNo))) return false;
  const offer = await findOffer(ctx.db, offerNo);
  return offer?.mail_address === mail && buyable(offer.status);
}

/**
 * Open, or waiting for a payment its buyer may have left on the card page (PAYING): both can still
 * be bought, and REGPAY settles an earlier attempt with the provider before charging again.
 */
function buyable(status: string): boolean {
  return status === 'OPEN' || status === 'PAYING';
}

/** New offers per client IP and hour are bounded: each is a stored row and perhaps a mail. */
function newOfferLimit(ctx: ServiceContext, ip: string): LimitRule {
  return { bucket: 'OFFERS_IP', key: ip, limit: ctx.config.rateLimit.offersPerIpHour, windowMs: 3600_000 };
}

async function countNewOffer(tx: Db, ctx: ServiceContext, ip: string, now: Date): Promise<void> {
  if (!(await hitLimit(tx, newOfferLimit(ctx, ip), now, ctx.config.sessionSecret))) throw tooManyOffers();
}
