// Which kind of file a slot of a claim takes: the product's own slots (claim rules) at any time,
// and the extra ones (EXTRA_1 ...) only while the claim's status lets the customer add files
// (the insurer asked for more information; case_statuses.customer_uploads).

import { coded } from '../accounts/http';
import { customerUploads } from '../casework/progress';
import type { Db } from '../db';
import type { UploadKind } from '../uploads/kinds';
import { type ClaimProduct, EXTRA_SLOTS, slotRule } from './rules';

/** The slot's kind, or a 422 naming why the slot is refused. */
export async function claimSlotKind(
  db: Db,
  claim: { product_code: ClaimProduct; status: string },
  slot: string,
): Promise<UploadKind> {
  const rule = slotRule(claim.product_code, slot);
  if (rule) return rule.kind;
  if (!EXTRA_SLOTS.includes(slot))
    throw coded(422, 'claims:refusals.unknownSlot', 'UNKNOWN_SLOT', {}, 'SLOT');
  if (!(await customerUploads(db, 'CLAIM', claim.status))) {
    throw coded(422, 'claims:refusals.notAskedForMore', 'NOT_ASKED_FOR_MORE', {}, 'SLOT');
  }
  // A photo from the phone or a scan: either is evidence the claims team asked for.
  return 'document';
}
