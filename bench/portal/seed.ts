// Bench-only seeding (issue 27, item 4): `count` demo customers for the portal load scenario, each
// with a portal account, the first demo customer's contracts and open offers (copied row for row,
// renumbered), and a name from a list of Cypriot names. Never in production: it lives under
// bench/, runs from the benchmark's own process on the database before the service starts, and
// refuses NODE_ENV=production. The demo data it copies from is loaded first (src/server/demo).

import { hashPassword } from '../../src/server/accounts/passwords';
import type { Db } from '../../src/server/db';
import { loadDemoData } from '../../src/server/demo';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';

/** The demo customer whose contracts and offers every bench customer gets. */
const TEMPLATE = '900001';

const FIRST = [
  'Ανδρέας',
  'Μαρία',
  'Γιώργος',
  'Ελένη',
  'Χρίστος',
  'Σοφία',
  'Κυριάκος',
  'Άννα',
  'Μιχάλης',
  'Χρυστάλλα',
];
const LAST = [
  'Γεωργίου',
  'Χαραλάμπους',
  'Παπαδόπουλος',
  'Κωνσταντίνου',
  'Ιωάννου',
  'Χριστοδούλου',
  'Νικολάου',
  'Αντωνίου',
  'Σάββα',
  'Λοΐζου',
];

export interface BenchCustomer {
  customerNo: string;
  contactId: string;
  mobile: string;
  password: string;
  contracts: { contractNo: string; productId: string }[];
}

const pad = (i: number) => String(i).padStart(4, '0');
/** 70xxxx customers, 68xxxx contacts, mobiles 9770xxxx: apart from the demo data's numbers. */
export const benchCustomerNo = (i: number) => `70${pad(i)}`;
const contactId = (i: number) => `68${pad(i)}`;
const mobileOf = (i: number) => `9770${pad(i)}`;

async function columns(db: Db, table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** INSERT … SELECT of the template's rows with some columns replaced by expressions; skips what exists. */
async function copyRows(
  db: Db,
  table: string,
  where: string,
  replace: Record<string, string>,
  params: unknown[],
) {
  const cols = await columns(db, table);
  const select = cols.map((c) => replace[c] ?? c).join(', ');
  await db.query(
    `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${select} FROM ${table} WHERE ${where} ON CONFLICT DO NOTHING`,
    params,
  );
}

export async function seedBenchCustomers(db: Db, count: number, now = new Date()): Promise<BenchCustomer[]> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('bench customers are never seeded in production');
  await loadDemoData(db, now);
  const contracts = await db.query<{ contract_no: string; product_id: string }>(
    'SELECT contract_no, product_id FROM contracts WHERE customer_no = $1 ORDER BY contract_no',
    [TEMPLATE],
  );
  if (!contracts.length) throw new Error(`demo customer ${TEMPLATE} has no contracts to copy`);
  // One hash for all: each sign-in still verifies it, which is the cost measured.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const out: BenchCustomer[] = [];
  for (let i = 0; i < count; i++) {
    const no = benchCustomerNo(i);
    await db.transaction(async (tx) => {
      await copyRows(
        tx,
        'customers',
        'customer_no = $1',
        {
          customer_no: '$2',
          contact_id: '$3',
          id_number: '$4',
          first_name: '$5',
          last_name: '$6',
          telephone: '$7',
          email: '$8',
        },
        [
          TEMPLATE,
          no,
          contactId(i),
          String(880000 + i),
          FIRST[i % FIRST.length],
          LAST[Math.floor(i / FIRST.length) % LAST.length],
          mobileOf(i),
          `bench.customer${i}@example.com.cy`,
        ],
      );
      await tx.query(
        `INSERT INTO portal_users (user_id, customer_no, mobile, password_hash, failed_logins, locked, two_factor)
         VALUES ($1, $2, $3, $4, 0, false, false) ON CONFLICT DO NOTHING`,
        [`U${no}`, no, mobileOf(i), passwordHash],
      );
      // Offers first (contracts name theirs): OF900101 → OF70000101 and so on.
      await copyRows(
        tx,
        'offers',
        "customer_no = $1 AND offer_no LIKE 'OF9001%'",
        {
          offer_no: "'OF' || $2 || right(offer_no, 2)",
          customer_no: '$2',
          mail_address: '$3',
          quote: "jsonb_set(quote, '{CS_POLICY,OFFER_NO}', to_jsonb('OF' || $2 || right(offer_no, 2)))",
        },
        [TEMPLATE, no, `bench.customer${i}@example.com.cy`],
      );
      await copyRows(
        tx,
        'contracts',
        'customer_no = $1',
        {
          contract_no: "'CY' || $2 || right(contract_no, 2)",
          offer_no: "'OF' || $2 || right(offer_no, 2)",
          customer_no: '$2',
          data: `jsonb_set(jsonb_set(data, '{CS_POLICY,CONTRACT_NO}', to_jsonb('CY' || $2 || right(contract_no, 2))),
                 '{CS_POLICY,OFFER_NO}', to_jsonb('OF' || $2 || right(offer_no, 2)))`,
        },
        [TEMPLATE, no],
      );
    });
    out.push({
      customerNo: no,
      contactId: contactId(i),
      mobile: mobileOf(i),
      password: DEMO_PASSWORD,
      contracts: contracts.map((c) => ({
        contractNo: `CY${no}${c.contract_no.slice(-2)}`,
        productId: c.product_id,
      })),
    });
  }
  return out;
}

/** Argon2id's parameters as a stored hash states them ($argon2id$v=19$m=19456,t=2,p=1$…). */
export async function argon2Parameters(): Promise<{
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}> {
  const stored = await hashPassword(DEMO_PASSWORD);
  const m = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) throw new Error('not an Argon2id hash');
  return { memoryKiB: Number(m[1]), iterations: Number(m[2]), parallelism: Number(m[3]) };
}
