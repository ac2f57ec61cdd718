// Demo requests of the first demo customer (99000001), so a newcomer's "My requests" shows how a
// handled and an open request read. Fixed numbers below the live sequence (WO300001 on), loaded
// once: an existing one is left as the staff left it.

import type { Db } from '../db';

interface DemoRequest {
  id: string;
  daysAgo: number;
  contractNo: string;
  type: string;
  category: string;
  subject: string;
  message: string;
  status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED';
  staffNote: string;
}

const DEMO_REQUESTS: DemoRequest[] = [
  {
    id: 'WO200101',
    daysAgo: 24,
    contractNo: 'CY9000102',
    type: 'DOCUMENT',
    category: 'CONTRACT',
    subject: 'Βεβαίωση ασφάλισης για την τράπεζα',
    message:
      'Καλησπέρα σας. Η Τράπεζα Κύπρου μού ζητά βεβαίωση ασφάλισης της κατοικίας μου στη Λεωφόρο Στροβόλου για το στεγαστικό δάνειο. Μπορείτε να μου τη στείλετε με email;',
    status: 'CLOSED',
    staffNote: 'Στάλθηκε η βεβαίωση στο email του πελάτη.',
  },
  {
    id: 'WO200102',
    daysAgo: 3,
    contractNo: 'CY9000101',
    type: 'CHANGE',
    category: 'CONTRACT',
    subject: 'Προσθήκη οδηγού στο συμβόλαιο',
    message:
      'Θα ήθελα να προστεθεί ως οδηγός ο γιος μου, Μάριος Γεωργίου, 21 ετών, με άδεια οδήγησης από τον Ιούνιο του 2024. Ποιο θα είναι το επιπλέον ασφάλιστρο;',
    status: 'IN_PROGRESS',
    staffNote: '',
  },
];

export async function seedDemoRequests(db: Db, now: Date): Promise<void> {
  for (const r of DEMO_REQUESTS) {
    const at = new Date(now.getTime() - r.daysAgo * 86_400_000).toISOString();
    // Only when the demo customer and the contract are there (and their product id matches).
    await db.query(
      `INSERT INTO portal_requests (workorder_id, customer_no, contract_no, product_id, request_type, category,
         subject, message, language, status, staff_note, created_at, updated_at)
       SELECT $1, c.customer_no, c.contract_no, c.product_id, $3, $4, $5, $6, 'el', $7, $8, $9::timestamptz,
              $9::timestamptz
         FROM contracts c
        WHERE c.contract_no = $2 AND c.customer_no = '900001'
       ON CONFLICT (workorder_id) DO NOTHING`,
      [r.id, r.contractNo, r.type, r.category, r.subject, r.message, r.status, r.staffNote, at],
    );
  }
}
