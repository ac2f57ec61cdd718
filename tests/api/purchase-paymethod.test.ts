// The payment method a bought policy starts with (spec §9, quote-and-purchase; the portal's contract
// detail, customer-portal): a visitor who chose a card standing order (CARD_SO) or a SEPA direct
// debit (SEPA_DD) was priced with the 5 % one-instalment discount, so the contract issued at payment
// records that standing order (the provider's card binding) or direct debit (the quote's IBAN) in
// the portal's own form, and the customer sees it in the contract detail. A one-off card payment
// keeps no binding. A standing order the provider gave no binding for, or a direct debit from a bank
// we cannot collect from, leaves a card-paid contract and a back-office flag on the order.
// Every purchase goes through the service: quotation, REGPAY, the sandbox's card page, the signed
// return (or, for a lost return, ORDSTAT's status query), then the portal login.

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { isValidIban } from '../../src/engine/rules/iban';
import { TEST_CARDS } from '../../src/server/cardProvider/sandboxCards';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { hiddenInputs, postFormTo, unescapeHtml } from './support/html';
import { PortalClient } from './support/portal';
import { motorQuote } from './support/quotes';

let s: TestService;

beforeAll(async () => {
  s = await startService({
    flows: await loadFlowBundles(),
    config: { portal: { ...testConfig().portal, demoData: true } },
  });
  await confirmMail();
});
afterAll(async () => {
  await s?.close();
});

// The demo customer 900001 (login 99000001): the policyholder of every purchase here, so the
// portal gives them the contracts (matched by identity at login).
const MAIL = 'andreas.georgiou@example.com.cy';
const HOLDER = {
  FIRST_NAME: 'Ανδρέας',
  LAST_NAME: 'Γεωργίου',
  NATIONAL_ID_TYPE: 'ID',
  NATIONAL_ID: '784512',
  BIRTH_DATE: '1984-05-17',
  MAIL_ADDRESS: MAIL,
};
// Bank of Cyprus (002), as the portal's demo direct debit; and a valid Cypriot IBAN of a bank the
// insurer does not collect from (007), which the quote's IBAN rule (mod-97, country) accepts.
const IBAN = 'CY17 0020 0128 0000 0012 0052 7600';
const IBAN_OTHER_BANK = 'CY53007000128000000120052760';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  s.call({ method: 'POST', url, payload: payload as Record<string, unknown>, lang: 'en', headers });

async function confirmMail(): Promise<void> {
  expect((await post('/zcp/otp/generate', { I_MAIL_ADDRESS: MAIL })).statusCode).toBe(204);
  const code = await s.lastCode(MAIL);
  expect((await post('/zcp/otp/validate', { I_TOKEN: code, I_MAIL_ADDRESS: MAIL })).statusCode).toBe(204);
}

/** A Toyota Yaris (NYB004 in the demo register), Comprehensive, one instalment, ready to store. */
function purchaseQuote(policy: Record<string, unknown>) {
  const quote = motorQuote({
    policy: { PACKAGE_ID: 'COMP', ...policy },
    extras: { TERMS_ACCEPTED: true },
  });
  return { ...quote, CS_POLICY_HOLDER: HOLDER, CS_CONFIRMATION: { EMAIL: MAIL, CONFIRMED: 'X' } };
}

/** A form post from the visitor's browser (the sandbox's pages and the signed return). */
const postForm = (path: string, fields: Record<string, string>, cookie = '') =>
  postFormTo(s.app, path, fields, cookie ? { cookie } : {});

interface Bought {
  offerNo: string;
  orderId: string;
  premiumCents: number;
  discounts: string[];
  /** The visitor's browser (offer cookie), for ORDSTAT. */
  cookie: string;
  /** The sandbox's result page, with the signed return form (absent for a lost return). */
  result: LightMyRequestResponse;
}

/**
 * Quotation (the offer stored, its cookie set), REGPAY, the card page and Pay. `beforeReturn` runs
 * once the provider has decided, before the browser brings the return back (when there is one).
 */
async function buy(
  policy: Record<string, unknown>,
  options: { card?: string; beforeReturn?: (orderId: string) => Promise<void> } = {},
): Promise<Bought> {
  const quoted = await post('/zcp/motor/motorquotation', purchaseQuote(policy));
  expect(quoted.statusCode, quoted.body).toBe(200);
  const body = quoted.json();
  const offerNo = body.CS_POLICY.OFFER_NO as string;
  const cookie = quoted.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const registered = await post(
    '/zcp/jcc/JCCFunc/REGPAY',
    { CS_POLICY: { OFFER_NO: offerNo, PRODUCT_ID: body.CS_POLICY.PRODUCT_ID }, PAYMENT_METHOD: 'CARD' },
    { cookie },
  );
  expect(registered.statusCode, registered.body).toBe(200);
  const data = registered.json().ES_RETURN_DATA;
  const cardPage = await postForm(new URL(data.URL).pathname, data.FIELDS);
  expect(cardPage.statusCode).toBe(200);
  const result = await postForm('/sandbox/jcc/pay', {
    ...hiddenInputs(cardPage.body),
    action: 'pay',
    cardNumber: options.card ?? TEST_CARDS.APPROVED,
    expiry: '12/28',
    cvv: '123',
    holder: 'ANDREAS GEORGIOU',
  });
  expect(result.statusCode).toBe(200);
  await options.beforeReturn?.(data.ORDER_ID);
  const action = /<form id="merchant-return" method="post" action="([^"]+)">/.exec(result.body);
  if (action) {
    const back = await postForm(new URL(unescapeHtml(action[1])).pathname, hiddenInputs(result.body));
    expect(back.statusCode).toBe(303);
  }
  const [offer] = await s.testDb.db.query<{ premium_cents: number }>(
    'SELECT premium_cents FROM offers WHERE offer_no = $1',
    [offerNo],
  );
  return {
    offerNo,
    orderId: data.ORDER_ID,
    premiumCents: Number(offer.premium_cents),
    discounts: (body.CT_DISCOUNTS as { ID: string }[]).map((d) => d.ID),
    cookie,
    result,
  };
}

/** The browser posts the signed return of a finished payment again. */
async function replayReturn(bought: Bought): Promise<void> {
  const action = /<form id="merchant-return" method="post" action="([^"]+)">/.exec(bought.result.body);
  expect(action).not.toBeNull();
  const again = await postForm(
    new URL(unescapeHtml(action?.[1] ?? '')).pathname,
    hiddenInputs(bought.result.body),
  );
  expect(again.statusCode).toBe(303);
}

type ContractRow = { contract_no: string; product_id: string; data: Record<string, unknown> };

async function contractOf(offerNo: string): Promise<ContractRow> {
  const rows = await s.testDb.db.query<ContractRow>(
    'SELECT contract_no, product_id, data FROM contracts WHERE offer_no = $1',
    [offerNo],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function orderRow(orderId: string) {
  const [row] = await s.testDb.db.query<{
    status: string;
    binding_id: string | null;
    review_reason: string | null;
    refund_required: boolean;
  }>('SELECT * FROM payment_orders WHERE order_id = $1', [orderId]);
  return row;
}

async function mandates(contractNo: string) {
  return s.testDb.db.query<{
    payment_method: string;
    binding_id: string | null;
    iban: string | null;
    bank: string | null;
    order_id: string | null;
    effective_date: string;
  }>('SELECT * FROM paymethod_changes WHERE contract_no = $1', [contractNo]);
}

let ipSeq = 0;

/** The contract's payment method as its customer reads it: portal login, then the contract detail. */
async function portalPaymentData(contract: ContractRow) {
  const c = new PortalClient(s, { ip: `10.43.0.${++ipSeq}`, lang: 'en' });
  expect((await c.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  const res = await c.get(`/zcp/contract/detail/${contract.contract_no}/${contract.product_id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().CS_CUST_ENTITIES.CS_PAYMENT_DATA as Record<string, string>;
}

describe('a bought policy starts with the payment method chosen at purchase', () => {
  it('card standing order: the provider’s binding is the contract’s card, shown in the portal', async () => {
    const bought = await buy({ PAYMENT_METHOD: 'CARD_SO' });
    expect(bought.discounts).toContain('SINGLE_INSTALMENT_SO_DD');
    const order = await orderRow(bought.orderId);
    expect(order).toMatchObject({ status: 'APPROVED', review_reason: null });
    expect(order.binding_id).toMatch(/^BND-/);

    const contract = await contractOf(bought.offerNo);
    expect(contract.data.CS_PAYMENT_DATA).toEqual({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• 0002',
      CARD_EXPIRY: '12/2028',
      BINDING_ID: order.binding_id,
      EFFECTIVE_DATE: '2026-03-15',
    });
    expect(await mandates(contract.contract_no)).toEqual([
      expect.objectContaining({
        payment_method: 'CARD',
        binding_id: order.binding_id,
        iban: null,
        order_id: bought.orderId,
        effective_date: '2026-03-15',
      }),
    ]);
    expect(await portalPaymentData(contract)).toEqual({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 0002',
      CARD_EXPIRY: '12/2028',
      BINDING_ID: order.binding_id,
      IBAN: '',
      BANK: '',
      ACCOUNT_HOLDER: '',
    });
    // Never the card number.
    expect(JSON.stringify(contract.data)).not.toContain('4000000000000002');

    // Issued exactly once: the same return again records no second mandate.
    await replayReturn(bought);
    expect(await mandates(contract.contract_no)).toHaveLength(1);
    expect((await contractOf(bought.offerNo)).contract_no).toBe(contract.contract_no);
  });

  it('SEPA direct debit: the quote’s IBAN, its bank and the policyholder are the contract’s direct debit', async () => {
    expect(isValidIban(IBAN)).toBe(true);
    const bought = await buy({ PAYMENT_METHOD: 'SEPA_DD', IBAN });
    expect(bought.discounts).toContain('SINGLE_INSTALMENT_SO_DD');
    expect((await orderRow(bought.orderId)).review_reason).toBeNull();

    const contract = await contractOf(bought.offerNo);
    expect(contract.data.CS_PAYMENT_DATA).toEqual({
      PAYMENT_METHOD: 'DIRECT_DEBIT',
      IBAN: 'CY17002001280000001200527600',
      BANK: 'BCYPCY2N',
      ACCOUNT_HOLDER: 'Ανδρέας Γεωργίου',
      EFFECTIVE_DATE: '2026-03-15',
    });
    // The mandate keeps the whole IBAN for the bank; the portal shows it masked.
    expect(await mandates(contract.contract_no)).toEqual([
      expect.objectContaining({
        payment_method: 'DIRECT_DEBIT',
        iban: 'CY17002001280000001200527600',
        bank: 'BCYPCY2N',
        binding_id: null,
        order_id: bought.orderId,
      }),
    ]);
    // The card the first premium was paid with is not the contract's: the portal is not given it.
    expect(await portalPaymentData(contract)).toEqual({
      PAYMENT_METHOD: 'DIRECT_DEBIT',
      CARD_NUMBER: '',
      CARD_EXPIRY: '',
      BINDING_ID: '',
      IBAN: 'CY17 •••• •••• •••• •••• •••• 7600',
      BANK: 'BCYPCY2N',
      ACCOUNT_HOLDER: 'Ανδρέας Γεωργίου',
    });
  });

  it('a one-off card payment is a card payment: no binding kept, no mandate, no discount', async () => {
    const bought = await buy({ PAYMENT_METHOD: 'CARD' });
    expect(bought.discounts).not.toContain('SINGLE_INSTALMENT_SO_DD');
    const order = await orderRow(bought.orderId);
    // The provider binds every approved card; the visitor did not give a standing order.
    expect(order.binding_id).toMatch(/^BND-/);
    expect(order.review_reason).toBeNull();

    const contract = await contractOf(bought.offerNo);
    expect(contract.data.CS_PAYMENT_DATA).toEqual({ PAYMENT_METHOD: 'CARD', CARD_NUMBER: '•••• 0002' });
    expect(await mandates(contract.contract_no)).toEqual([]);
    expect(await portalPaymentData(contract)).toEqual({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 0002',
      CARD_EXPIRY: '',
      BINDING_ID: '',
      IBAN: '',
      BANK: '',
      ACCOUNT_HOLDER: '',
    });
  });

  it('a lost return settled by ORDSTAT records the standing order from the provider’s status', async () => {
    const bought = await buy({ PAYMENT_METHOD: 'CARD_SO' }, { card: TEST_CARDS.NO_RETURN });
    expect(await s.testDb.db.query('SELECT 1 FROM contracts WHERE offer_no = $1', [bought.offerNo])).toEqual(
      [],
    );
    const status = await s.call({
      method: 'GET',
      url: `/zcp/paymeth/ORDSTAT?ORDER_ID=${encodeURIComponent(bought.orderId)}`,
      headers: { cookie: bought.cookie },
      lang: 'en',
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().STATUS).toBe('SUCCESS');
    const order = await orderRow(bought.orderId);
    const contract = await contractOf(bought.offerNo);
    expect(contract.data.CS_PAYMENT_DATA).toMatchObject({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• 0036',
      CARD_EXPIRY: '12/2028',
      BINDING_ID: order.binding_id,
    });
    expect(order.binding_id).toMatch(/^BND-/);
    expect(await mandates(contract.contract_no)).toHaveLength(1);
  });
});

describe('a chosen standing order or direct debit that cannot be recorded is flagged, not kept silently', () => {
  it('card standing order without a binding from the provider: card-paid contract, order flagged', async () => {
    const bought = await buy(
      { PAYMENT_METHOD: 'CARD_SO' },
      {
        // The provider approves the payment but returns no binding for it.
        beforeReturn: async (orderId) => {
          await s.testDb.db.query('UPDATE sandbox_orders SET binding_id = NULL WHERE order_id = $1', [
            orderId,
          ]);
        },
      },
    );
    expect(bought.discounts).toContain('SINGLE_INSTALMENT_SO_DD');
    const order = await orderRow(bought.orderId);
    expect(order).toMatchObject({
      status: 'APPROVED',
      binding_id: null,
      refund_required: false,
      review_reason: 'STANDING_ORDER_NOT_RECORDED',
    });
    const contract = await contractOf(bought.offerNo);
    expect(contract.data.CS_PAYMENT_DATA).toEqual({ PAYMENT_METHOD: 'CARD', CARD_NUMBER: '•••• 0002' });
    expect(await mandates(contract.contract_no)).toEqual([]);
    expect(await portalPaymentData(contract)).toMatchObject({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 0002',
      BINDING_ID: '',
    });
    // A replayed return changes nothing: still flagged, still no mandate.
    await replayReturn(bought);
    expect((await orderRow(bought.orderId)).review_reason).toBe('STANDING_ORDER_NOT_RECORDED');
    expect(await mandates(contract.contract_no)).toEqual([]);
  });

  it('direct debit from a bank we do not collect from: card-paid contract, order flagged', async () => {
    expect(isValidIban(IBAN_OTHER_BANK)).toBe(true);
    const bought = await buy({ PAYMENT_METHOD: 'SEPA_DD', IBAN: IBAN_OTHER_BANK });
    // Priced with the discount: the quote's IBAN rule is mod-97 and the country only.
    expect(bought.discounts).toContain('SINGLE_INSTALMENT_SO_DD');
    expect((await orderRow(bought.orderId)).review_reason).toBe('DIRECT_DEBIT_NOT_RECORDED');
    const contract = await contractOf(bought.offerNo);
    expect(contract.data.CS_PAYMENT_DATA).toEqual({ PAYMENT_METHOD: 'CARD', CARD_NUMBER: '•••• 0002' });
    expect(await mandates(contract.contract_no)).toEqual([]);
  });
});
