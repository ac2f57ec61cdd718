// Which kind of file a slot of a claim takes: the product's own slots (claim rules) until the claim
// is decided (case_statuses.files_open), and the extra ones (EXTRA_1 ...) only while the insurer
// asks for more information (case_statuses.customer_uploads).

import { coded } from '../accounts/http';
import { caseFileRights } from '../casework/progress';
import type { Db } from '../db';
import type { UploadKind } from '../uploads/kinds';
import { type ClaimProduct, extraSlots, slotRule } from './rules';

/** The slot's kind, or a 422 naming why the slot is refused. */
export async function claimSlotKind(
  db: Db,
  claim: { product_code: ClaimProduct; status: string },
  slot: string,
): Promise<UploadKind> {
  const rule = slotRule(claim.product_code, slot);
  if (!rule && !extraSlots().includes(slot))
    throw coded(422, 'claims:refusals.unknownSlot', 'UNKNOWN_SLOT', {}, 'SLOT');
  const rights = await caseFileRights(db, 'CLAIM', claim.status);
  if (rule) {
    if (!rights.own) throw coded(422, 'claims:refusals.decided', 'CLAIM_DECIDED', {}, 'SLOT');
    return rule.kind;
  }
  if (!rights.extra) throw coded(422, 'claims:refusals.notAskedForMore', 'NOT_ASKED_FOR_MORE', {}, 'SLOT');
  // A photo from the phone or a scan: either is evidence the claims team asked for.
  return 'document';
}
