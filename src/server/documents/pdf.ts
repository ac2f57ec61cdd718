// The documents the portal renders from the records, on the documents' page layout (pdfDocument.ts),
// in the customer's language: the confirmation of an endorsement, the acknowledgement of a claim
// and the insurer's decision on it. None is stored as a file: each is drawn again from what was
// recorded, as the policy schedule is.

import { ymdToDisplay } from '../../engine/dates';
import { INK, pdfPage } from '../contracts/pdfDocument';
import { hasKey, type Lang, t } from '../platform/i18n';

const TEXT = {
  el: {
    endorsement: 'Βεβαίωση αλλαγής συμβολαίου',
    claimAck: 'Βεβαίωση υποβολής δήλωσης ζημιάς',
    decision: 'Απόφαση για τη ζημιά',
    contract: 'Αριθμός συμβολαίου',
    product: 'Προϊόν',
    holder: 'Συμβαλλόμενος',
    change: 'Αλλαγή',
    madeOn: 'Ημερομηνία αλλαγής',
    version: 'Έκδοση συμβολαίου',
    before: 'Πριν',
    after: 'Μετά',
    premiumBefore: 'Ασφάλιστρο πριν',
    premiumAfter: 'Ασφάλιστρο μετά',
    claimNo: 'Αριθμός ζημιάς',
    submittedOn: 'Ημερομηνία υποβολής',
    incident: 'Ημερομηνία και ώρα συμβάντος',
    cause: 'Αιτία',
    location: 'Τοποθεσία',
    decisionOn: 'Ημερομηνία απόφασης',
    outcome: 'Απόφαση',
    note: 'Σημείωση της εταιρείας',
    paid: 'Ποσό πληρωμής',
    paidOn: 'Ημερομηνία πληρωμής',
    method: 'Τρόπος',
    account: 'Λογαριασμός',
    reference: 'Αριθμός αναφοράς',
    ackText:
      'Λάβαμε τη δήλωση ζημιάς σας. Το τμήμα ζημιών θα την εξετάσει και θα σας ενημερώνει σε κάθε βήμα· την πορεία της βλέπετε στην πύλη πελατών.',
    footer: (date: string) => `Εκδόθηκε στις ${date} από τα στοιχεία που έχουμε καταχωρίσει.`,
  },
  en: {
    endorsement: 'Confirmation of a policy change',
    claimAck: 'Acknowledgement of your claim',
    decision: 'Decision on your claim',
    contract: 'Policy number',
    product: 'Product',
    holder: 'Policyholder',
    change: 'Change',
    madeOn: 'Date of the change',
    version: 'Policy version',
    before: 'Before',
    after: 'After',
    premiumBefore: 'Premium before',
    premiumAfter: 'Premium after',
    claimNo: 'Claim number',
    submittedOn: 'Date submitted',
    incident: 'Date and time of the incident',
    cause: 'Cause',
    location: 'Location',
    decisionOn: 'Date of the decision',
    outcome: 'Decision',
    note: "The insurer's note",
    paid: 'Amount paid',
    paidOn: 'Date paid',
    method: 'Method',
    account: 'Account',
    reference: 'Reference',
    ackText:
      'We have received your claim. Our claims department will review it and keep you informed at every step; you can follow it in the customer portal.',
    footer: (date: string) => `Issued on ${date} from the details we hold on record.`,
  },
} as const;

type Text = (typeof TEXT)[Lang];

/** A label of the locales when there is one, else the value itself. */
export const labelOr = (lang: Lang, key: string, fallback: string) =>
  hasKey(lang, key) ? t(lang, key) : fallback;

function heading(lang: Lang, title: string, subject: string, issuedOn: string) {
  const brand = t(lang, 'common:brand.name');
  const page = pdfPage({ lang, title, author: brand, subject });
  page.doc.font('bold').fontSize(18).fillColor(INK).text(brand);
  page.doc.font('bold').fontSize(15).fillColor('black').text(title);
  page.doc.moveDown(0.8);
  const footer = (text: Text) =>
    page.doc
      .moveDown(2)
      .font('body')
      .fontSize(8)
      .fillColor('#555555')
      .text(text.footer(ymdToDisplay(issuedOn)));
  return { ...page, footer };
}

export interface EndorsementPdfInput {
  lang: Lang;
  contractNo: string;
  product: string;
  holderName: string;
  change: string;
  madeOn: string;
  version: number;
  /** Label, value before, value after: already in the document's language. */
  rows: [string, string, string][];
  premiumBefore: string;
  premiumAfter: string;
  issuedOn: string;
}

export async function endorsementPdf(input: EndorsementPdfInput): Promise<Buffer> {
  const text = TEXT[input.lang];
  const { doc, row, section, finish, footer } = heading(
    input.lang,
    `${text.endorsement} ${input.contractNo}`,
    input.product,
    input.issuedOn,
  );
  row(text.contract, input.contractNo);
  row(text.product, input.product);
  row(text.holder, input.holderName);
  row(text.change, input.change);
  row(text.madeOn, ymdToDisplay(input.madeOn));
  row(text.version, String(input.version));
  for (const [label, before, after] of input.rows) {
    section(label);
    row(text.before, before || '–');
    row(text.after, after || '–');
  }
  doc.moveDown(0.5);
  row(text.premiumBefore, input.premiumBefore);
  row(text.premiumAfter, input.premiumAfter);
  footer(text);
  return finish();
}

export interface ClaimPdfInput {
  lang: Lang;
  claimNo: string;
  contractNo: string;
  product: string;
  holderName: string;
  submittedOn: string;
  incident: string;
  cause: string;
  location: string;
  issuedOn: string;
}

export async function claimAckPdf(input: ClaimPdfInput): Promise<Buffer> {
  const text = TEXT[input.lang];
  const { doc, row, finish, footer } = heading(
    input.lang,
    `${text.claimAck} ${input.claimNo}`,
    input.product,
    input.issuedOn,
  );
  row(text.claimNo, input.claimNo);
  row(text.contract, input.contractNo);
  row(text.product, input.product);
  row(text.holder, input.holderName);
  row(text.submittedOn, ymdToDisplay(input.submittedOn));
  row(text.incident, input.incident);
  row(text.cause, input.cause);
  row(text.location, input.location);
  doc.moveDown(0.8).font('body').fontSize(10).fillColor('black').text(text.ackText);
  footer(text);
  return finish();
}

export interface DecisionPdfInput
  extends Omit<ClaimPdfInput, 'submittedOn' | 'incident' | 'cause' | 'location'> {
  decidedOn: string;
  outcome: string;
  note: string;
  payment: { amount: string; paidOn: string; method: string; account: string; reference: string } | null;
}

export async function claimDecisionPdf(input: DecisionPdfInput): Promise<Buffer> {
  const text = TEXT[input.lang];
  const { doc, row, section, finish, footer } = heading(
    input.lang,
    `${text.decision} ${input.claimNo}`,
    input.product,
    input.issuedOn,
  );
  row(text.claimNo, input.claimNo);
  row(text.contract, input.contractNo);
  row(text.product, input.product);
  row(text.holder, input.holderName);
  row(text.decisionOn, ymdToDisplay(input.decidedOn));
  row(text.outcome, input.outcome);
  row(text.note, input.note);
  if (input.payment) {
    section(text.paid);
    row(text.paid, input.payment.amount);
    row(text.paidOn, ymdToDisplay(input.payment.paidOn));
    row(text.method, input.payment.method);
    row(text.account, input.payment.account);
    row(text.reference, input.payment.reference);
  }
  doc.fillColor('black');
  footer(text);
  return finish();
}
