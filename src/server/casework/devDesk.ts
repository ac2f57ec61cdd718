// /dev/desk (issue 28 item 4): the testers' stand-in for the insurer's back office, beside
// /dev/mailbox. It moves a claim, a work order, a request or a payment-method review along the
// transitions the data allows, adds a note, or pays a claim, through the same moveCase as the
// integration API, so every state the customer can see is reachable. Greek (default) and English.
// Registered only outside production (app.ts); plain HTML forms, no script.

import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isValidYmd } from '../../engine/dates';
import { renewalDeskForm } from '../contracts/renewal/devRoutes';
import { escapeHtml } from '../outbox';
import { type ServiceContext, today } from '../platform/context';
import { ApiError, renderMessages } from '../platform/errors';
import { type Lang, t } from '../platform/i18n';
import { CASE_KINDS, type CaseKind, isCaseKind } from './kinds';
import {
  caseError,
  caseHistory,
  moveCase,
  nextStatuses,
  PAYMENT_METHODS,
  type PaymentMethod,
  readCase,
  statusText,
} from './progress';

type Listed = { ref: string; status: string; contract_no: string | null; name: string | null };

// The newest cases of each kind, with the customer's name.
const LISTS: Record<CaseKind, string> = {
  CLAIM: `SELECT c.claim_no AS ref, c.status, c.contract_no, trim(cu.first_name || ' ' || cu.last_name) AS name
            FROM claims c LEFT JOIN customers cu ON cu.customer_no = c.customer_no
           ORDER BY c.created_at DESC, c.claim_no DESC LIMIT 40`,
  WORK_ORDER: `SELECT w.workorder_id AS ref, w.status, w.contract_no, trim(cu.first_name || ' ' || cu.last_name) AS name
                 FROM work_orders w LEFT JOIN customers cu ON cu.customer_no = w.customer_no
                ORDER BY w.created_at DESC, w.workorder_id DESC LIMIT 40`,
  REQUEST: `SELECT r.workorder_id AS ref, r.status, r.contract_no, trim(cu.first_name || ' ' || cu.last_name) AS name
              FROM portal_requests r LEFT JOIN customers cu ON cu.customer_no = r.customer_no
             ORDER BY r.created_at DESC, r.workorder_id DESC LIMIT 40`,
  PAYMENT_REVIEW: `SELECT o.order_id AS ref, COALESCE(o.review_status, 'OPEN') AS status, o.contract_no,
                          trim(cu.first_name || ' ' || cu.last_name) AS name
                     FROM payment_orders o LEFT JOIN contracts c ON c.contract_no = o.contract_no
                     LEFT JOIN customers cu ON cu.customer_no = COALESCE(o.customer_no, c.customer_no)
                    WHERE o.review_reason IS NOT NULL ORDER BY o.created_at DESC LIMIT 40`,
};

const CSS = `body{font-family:Arial,Helvetica,sans-serif;margin:0;color:#1f2933;background:#f5f7fa}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem;margin:0 0 .5rem}
.case{background:#fff;border:1px solid #cbd2d9;border-radius:6px;padding:12px 16px;margin:12px 0}
.case dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}
.case dt{font-weight:bold}.case dd{margin:0}
.case ol{margin:4px 0 8px;padding-left:1.25rem}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:8px 0;padding-top:8px;border-top:1px dashed #cbd2d9}
label{display:flex;flex-direction:column;font-size:.9rem;gap:2px}
textarea{min-width:240px;min-height:2.5rem}
button{padding:6px 14px;border:0;border-radius:4px;background:#0b5cad;color:#fff;font-size:1rem;cursor:pointer}
.notice{padding:8px 12px;border-radius:4px;background:#e3f8e8;border:1px solid #2f8132}
.error{background:#fde8e8;border-color:#b42318}
.status{font-weight:bold}
nav a{margin-right:12px}`;

type DeskForm = {
  action?: string;
  kind?: string;
  ref?: string;
  to?: string;
  note?: string;
  lang?: string;
  amount?: string;
  paidOn?: string;
  method?: string;
  account?: string;
  reference?: string;
};

const langOf = (value: unknown): Lang => (value === 'en' ? 'en' : 'el');
const e = escapeHtml;

export function devDeskRoutes(ctx: ServiceContext): FastifyPluginAsync {
  async function caseHtml(lang: Lang, kind: CaseKind, c: Listed): Promise<string> {
    const d = (key: string, params: Record<string, unknown> = {}) =>
      e(t(lang, `casework:desk.${key}`, params));
    const id = `${kind}-${c.ref}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const next = await nextStatuses(ctx.db, kind, c.status);
    const moves = next.filter((n) => !n.requires_payment);
    const pays = next.some((n) => n.requires_payment);
    const history = await caseHistory(ctx.db, kind, c.ref, lang);
    const hidden = `<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="kind" value="${kind}"><input type="hidden" name="ref" value="${e(c.ref)}">`;
    const noteField = (suffix: string) =>
      `<label for="${id}-${suffix}-note">${d('note')}<textarea id="${id}-${suffix}-note" name="note" maxlength="1000"></textarea></label>`;
    const moveForm =
      moves.length > 0
        ? `<form method="post" action="/dev/desk" data-form="move">${hidden}<input type="hidden" name="action" value="move">
<label for="${id}-to">${d('moveTo')}<select id="${id}-to" name="to">${moves
            .map(
              (m) => `<option value="${e(m.to_status)}">${e(statusText(lang, kind, m.to_status))}</option>`,
            )
            .join('')}</select></label>${noteField('move')}<button type="submit">${d('move')}</button></form>`
        : '';
    const payForm = pays
      ? `<form method="post" action="/dev/desk" data-form="pay">${hidden}<input type="hidden" name="action" value="pay">
<label for="${id}-amount">${d('amount')}<input id="${id}-amount" name="amount" inputmode="numeric" required value="1850"></label>
<label for="${id}-paid">${d('paidOn')}<input id="${id}-paid" name="paidOn" type="date" required value="${today(ctx)}"></label>
<label for="${id}-method">${d('method')}<select id="${id}-method" name="method">${PAYMENT_METHODS.map(
          (m) => `<option value="${m}">${e(t(lang, `claims:paymentMethods.${m}`))}</option>`,
        ).join('')}</select></label>
<label for="${id}-account">${d('account')}<input id="${id}-account" name="account" value="CY17 0020 0128 0000 0012 0052 7600"></label>
<label for="${id}-reference">${d('reference')}<input id="${id}-reference" name="reference" value=""></label>
${noteField('pay')}<button type="submit">${d('pay')}</button></form>`
      : '';
    const noteForm = `<form method="post" action="/dev/desk" data-form="note">${hidden}<input type="hidden" name="action" value="note">
${noteField('only')}<button type="submit">${d('noteOnly')}</button></form>`;
    return `<article class="case" id="${id}" data-case="${e(c.ref)}" data-status="${e(c.status)}">
<h3>${e(t(lang, `casework:kinds.${kind}`))} ${e(c.ref)}: <span class="status">${e(statusText(lang, kind, c.status))}</span></h3>
<dl><dt>${d('customer')}</dt><dd>${e(c.name || '–')}</dd><dt>${d('contract')}</dt><dd>${e(c.contract_no ?? '–')}</dd></dl>
<p><strong>${d('history')}</strong></p>
${
  history.length === 0
    ? `<p>${d('noHistory')}</p>`
    : `<ol>${history.map((h) => `<li>${e(h.DATE.split('-').reverse().join('/'))}: ${e(h.STATUS_DESC)}${h.NOTE ? ` · ${e(h.NOTE)}` : ''}</li>`).join('')}</ol>`
}
${moveForm}${payForm}${moves.length === 0 && !pays ? `<p>${d('final')}</p>` : ''}${noteForm}
</article>`;
  }

  async function page(lang: Lang, notice?: { text: string; error: boolean }): Promise<string> {
    const d = (key: string) => e(t(lang, `casework:desk.${key}`));
    const sections: string[] = [];
    for (const kind of CASE_KINDS) {
      const rows = await ctx.db.query<Listed>(LISTS[kind]);
      const items = await Promise.all(rows.map((r) => caseHtml(lang, kind, r)));
      sections.push(
        `<section aria-labelledby="desk-${kind}"><h2 id="desk-${kind}">${e(t(lang, `casework:kinds.${kind}`))}</h2>${
          items.join('\n') || `<p>${d('none')}</p>`
        }</section>`,
      );
    }
    const other: Lang = lang === 'el' ? 'en' : 'el';
    return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${d('title')}</title><link rel="stylesheet" href="/dev/desk.css"></head>
<body><main><h1>${d('title')}</h1>
<nav aria-label="${d('kindsHeading')}"><a href="/dev/desk?lang=${other}" lang="${other}">${d('language')}</a><a href="/dev/mailbox">${d('mailbox')}</a></nav>
<p>${d('intro')}</p>
${notice ? `<p role="${notice.error ? 'alert' : 'status'}" class="notice${notice.error ? ' error' : ''}">${e(notice.text)}</p>` : ''}
${sections.join('\n')}
${renewalDeskForm(lang, today(ctx))}
</main></body></html>`;
  }

  const send = (reply: FastifyReply, code: number, html: string) =>
    reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  async function apply(form: DeskForm) {
    const kind = form.kind ?? '';
    if (!isCaseKind(kind)) throw caseError(422, 'UNKNOWN_KIND');
    const ref = (form.ref ?? '').slice(0, 40);
    const note = (form.note ?? '').slice(0, 2000);
    const settings = { publicUrl: ctx.config.publicUrl, now: ctx.now() };
    if (form.action === 'note') return moveCase(ctx.db, settings, { kind, ref, note, source: 'DESK' });
    if (form.action === 'pay') {
      const amount = Number((form.amount ?? '').replace(',', '.'));
      if (!Number.isFinite(amount) || amount <= 0 || amount > 10_000_000) throw caseError(422, 'BAD_AMOUNT');
      if (!isValidYmd(form.paidOn ?? '')) throw caseError(422, 'BAD_DATE');
      const method = (PAYMENT_METHODS as readonly string[]).includes(form.method ?? '')
        ? (form.method as PaymentMethod)
        : 'BANK_TRANSFER';
      const paying = (
        await nextStatuses(ctx.db, kind, (await readCase(ctx.db, kind, ref))?.status ?? '')
      ).find((n) => n.requires_payment);
      return moveCase(ctx.db, settings, {
        kind,
        ref,
        to: paying?.to_status ?? 'PAID',
        note,
        source: 'DESK',
        payment: {
          amountCents: Math.round(amount * 100),
          paidOn: form.paidOn as string,
          method,
          account: (form.account ?? '').slice(0, 40),
          reference: (form.reference ?? '').slice(0, 40),
        },
      });
    }
    return moveCase(ctx.db, settings, { kind, ref, to: (form.to ?? '').slice(0, 40), note, source: 'DESK' });
  }

  return async (app) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

    app.get(
      '/dev/desk.css',
      { schema: { tags: ['development'], summary: 'The desk page’s style' } },
      async (_r, reply) => reply.type('text/css; charset=utf-8').send(CSS),
    );

    app.get<{ Querystring: { lang?: string; done?: string } }>(
      '/dev/desk',
      {
        schema: {
          tags: ['development'],
          summary:
            'The testers’ desk: move claims, work orders, requests and payment reviews (development only)',
          querystring: {
            type: 'object',
            properties: {
              lang: { type: 'string', enum: ['el', 'en'] },
              done: { type: 'string', maxLength: 100 },
            },
          },
        },
      },
      async (request, reply) => {
        const lang = langOf(request.query.lang);
        const done = request.query.done;
        return send(reply, 200, await page(lang, done ? { text: done, error: false } : undefined));
      },
    );

    app.post<{ Body: DeskForm }>(
      '/dev/desk',
      {
        schema: {
          tags: ['development'],
          summary: 'A desk form: action move, note or pay (urlencoded); answers the page again',
        },
      },
      async (request, reply) => {
        const form = (request.body ?? {}) as DeskForm;
        const lang = langOf(form.lang);
        try {
          const moved = await apply(form);
          ctx.kickOutbox();
          const kind = form.kind as CaseKind;
          const text = t(lang, 'casework:desk.done', {
            kind: t(lang, `casework:kinds.${kind}`),
            ref: moved.REF,
            status: statusText(lang, kind, moved.STATUS),
          });
          return reply.redirect(`/dev/desk?lang=${lang}&done=${encodeURIComponent(text)}`, 303);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const text = renderMessages(lang, error.messages)[0]?.MSGTEXT ?? String(error.statusCode);
          return send(reply, error.statusCode, await page(lang, { text, error: true }));
        }
      },
    );
  };
}
