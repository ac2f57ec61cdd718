// What the sandbox's hosted card page accepts and what each documented test card does.

import { randomInt } from 'node:crypto';
import { type JccOrderStatus, ORDER_STATUS, REASON_CODE, RESPONSE_CODE } from './jcc';

/** The documented test cards (docs/payments.md). */
export const TEST_CARDS = {
  APPROVED: '4000000000000002',
  PENDING_PREMIUM: '4000000000000010',
  DECLINED: '4000000000000028',
  NO_RETURN: '4000000000000036',
} as const;

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvv: string;
  holder: string;
}

export type CardField = keyof CardForm;

/** Field → key of its error text under sandbox.fieldErrors. */
export type CardErrors = Partial<Record<CardField, string>>;

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** Checks the card form as the provider's page does; a card is valid through the end of its expiry month. */
export function checkCardForm(form: CardForm, now: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(form.cardNumber);
  if (digits === '') errors.cardNumber = 'cardNumberRequired';
  else if (!/^\d{13,19}$/.test(digits)) errors.cardNumber = 'cardNumberDigits';
  else if (!luhnValid(digits)) errors.cardNumber = 'cardNumberLuhn';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'expiryFormat';
  else {
    const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < thisMonth) errors.expiry = 'expiryPast';
  }

  if (!/^\d{3,4}$/.test(form.cvv.trim())) errors.cvv = 'cvv';
  const holder = form.holder.trim();
  if (holder.length < 2 || holder.length > 60) errors.holder = 'holder';
  return errors;
}

/** What the provider decided for the card, in the protocol's terms. */
export interface CardResult {
  orderStatus: JccOrderStatus;
  actionCode: number;
  responseCode: string;
  reasonCode: string;
  reasonText: string;
  referenceNo: string;
  paddedCardNo: string;
  authCode: string;
  /** False for the test card whose return is never sent. */
  returnSent: boolean;
  /** The deposit of a pre-authorised order is held (pending-premium card). */
  captureHeld: boolean;
}

export const ACTION_CODE_TEXT: Record<number, string> = {
  [-100]: 'No payment attempts',
  0: 'Approved',
  5: 'Do not honour',
  14: 'Card not accepted: the sandbox knows only its test cards',
  17: 'Cancelled by the cardholder',
};

function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

function randomAuthCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let out = '';
  for (let i = 0; i < 6; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

function padded(digits: string): string {
  return 'X'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

function declined(digits: string, reasonCode: string, actionCode: number): CardResult {
  return {
    orderStatus: ORDER_STATUS.DECLINED,
    actionCode,
    responseCode: RESPONSE_CODE.DECLINED,
    reasonCode,
    reasonText: ACTION_CODE_TEXT[actionCode],
    referenceNo: randomDigits(12),
    paddedCardNo: digits ? padded(digits) : '',
    authCode: '',
    returnSent: true,
    captureHeld: false,
  };
}

/** The outcome of paying with a (valid) card; `captureFlag` M leaves every approval pre-authorised. */
export function decideCardResult(cardNumber: string, captureFlag: string): CardResult {
  const digits = cardDigits(cardNumber);
  const approved = (options: { held: boolean; returnSent: boolean }): CardResult => ({
    orderStatus: options.held || captureFlag === 'M' ? ORDER_STATUS.PRE_AUTHORISED : ORDER_STATUS.DEPOSITED,
    actionCode: 0,
    responseCode: RESPONSE_CODE.APPROVED,
    reasonCode: REASON_CODE.APPROVED,
    reasonText: 'Transaction is approved',
    referenceNo: randomDigits(12),
    paddedCardNo: padded(digits),
    authCode: randomAuthCode(),
    returnSent: options.returnSent,
    captureHeld: options.held && captureFlag !== 'M',
  });
  switch (digits) {
    case TEST_CARDS.APPROVED:
      return approved({ held: false, returnSent: true });
    case TEST_CARDS.PENDING_PREMIUM:
      return approved({ held: true, returnSent: true });
    case TEST_CARDS.NO_RETURN:
      return approved({ held: false, returnSent: false });
    case TEST_CARDS.DECLINED:
      return declined(digits, REASON_CODE.DECLINED, 5);
    default:
      return declined(digits, REASON_CODE.INVALID_CARD, 14);
  }
}

/** The cardholder pressed Cancel on the card page. */
export function cancelledResult(): CardResult {
  return declined('', REASON_CODE.CARDHOLDER_CANCELLED, 17);
}
