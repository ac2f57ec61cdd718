// The public check of a certificate of insurance (GET /zcp/verify/{token}): what the page its QR
// code opens shows, the plate and the period, nothing personal.

import { zcpRead } from './client';

export interface Verification {
  VALID: boolean;
  STATUS: 'VALID' | 'NOT_YET_VALID' | 'EXPIRED' | 'NOT_IN_FORCE' | 'REVOKED';
  LICENSE_PLATE: string;
  START_DATE: string;
  EXPIRY_DATE: string;
}

export function getVerification(token: string): Promise<Verification> {
  return zcpRead('GET', `verify/${encodeURIComponent(token)}`, undefined, { quiet: true });
}
