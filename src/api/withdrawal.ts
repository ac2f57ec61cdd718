// The right of withdrawal's calls (issue 28 item 1): whether a contract may be withdrawn today
// and its refund, the withdrawal confirmed by the password, and its confirmation PDF.

import { zcpCommand, zcpRead } from './client';

const seg = (s: string) => encodeURIComponent(s);

export type WithdrawalReason = 'PERIOD_OVER' | 'CLAIM' | 'NOT_ISSUED' | 'NOT_ACTIVE' | 'WITHDRAWN';

export interface WithdrawalDone {
  WITHDRAWN_ON: string;
  COVERED_DAYS: number;
  KEPT_AMOUNT: number;
  REFUND_AMOUNT: number;
  REFUND_METHOD: 'CARD' | 'BACK_OFFICE' | 'NONE';
  REFUND_STATUS: 'PENDING' | 'REFUNDED' | 'RECORDED' | 'FAILED' | 'NONE';
}

/** GET /zcp/contract/withdrawal/{contractNo}/{productId}. */
export interface WithdrawalState {
  CONTRACT_NO: string;
  ELIGIBLE: boolean;
  REASON: WithdrawalReason | null;
  REASON_TEXT: string;
  PERIOD_DAYS: number;
  LAST_DAY: string;
  PREMIUM_AMOUNT: number;
  PAID_AMOUNT: number;
  COVERED_DAYS: number;
  POLICY_DAYS: number;
  KEPT_AMOUNT: number;
  REFUND_AMOUNT: number;
  REFUND_METHOD: 'CARD' | 'BACK_OFFICE' | 'NONE';
  CARD_NUMBER: string;
  CALL_CENTRE: string;
  WITHDRAWAL: WithdrawalDone | null;
}

export function getWithdrawal(contractNo: string, productId: string): Promise<WithdrawalState> {
  return zcpRead('GET', `contract/withdrawal/${seg(contractNo)}/${seg(productId)}`, undefined, {
    quiet: true,
  });
}

export function withdraw(
  contractNo: string,
  productId: string,
  password: string,
): Promise<{ CONTRACT_NO: string; STATUS: string; WITHDRAWAL: WithdrawalDone }> {
  return zcpRead(
    'POST',
    'contract/withdraw',
    // Without a password the session was just re-confirmed by a passkey.
    password
      ? { CONTRACT_NO: contractNo, PRODUCT_ID: productId, PASSWORD: password }
      : { CONTRACT_NO: contractNo, PRODUCT_ID: productId },
    { quiet: true },
  );
}

export function getWithdrawalPdf(contractNo: string, productId: string): Promise<Blob> {
  return zcpRead<Blob>(
    'POST',
    'contract/withdrawal/print',
    { CONTRACT_NO: contractNo, PRODUCT_ID: productId },
    { binary: true, quiet: true },
  );
}

// The policy e-mail's link (/withdraw#<token>), for a visitor who bought without an account: the
// token is the only key; a one-time code sent to the policy's e-mail or mobile confirms.

export type CodeChannel = 'MAIL' | 'SMS';

/** POST /zcp/withdrawal/link: the state above, and what the page names the contract by. */
export interface LinkedWithdrawal extends WithdrawalState {
  PRODUCT_DESC: string;
  START_DATE: string;
  EXPIRY_DATE: string;
  MAIL_HINT: string;
  MOBILE_HINT: string;
}

export function getLinkedWithdrawal(token: string): Promise<LinkedWithdrawal> {
  return zcpRead('POST', 'withdrawal/link', { TOKEN: token }, { quiet: true });
}

export function sendWithdrawalCode(token: string, channel: CodeChannel): Promise<true> {
  return zcpCommand('POST', 'withdrawal/link/code', { TOKEN: token, CHANNEL: channel }, { quiet: true });
}

export function withdrawByLink(
  token: string,
  channel: CodeChannel,
  code: string,
): Promise<{ CONTRACT_NO: string; STATUS: string; WITHDRAWAL: WithdrawalDone }> {
  return zcpRead(
    'POST',
    'withdrawal/link/withdraw',
    { TOKEN: token, CHANNEL: channel, CODE: code },
    { quiet: true },
  );
}
