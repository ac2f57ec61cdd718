// The withdrawal confirmation as a PDF, on the documents' page layout (pdfDocument.ts), in the
// customer's language: what was withdrawn, when, and the refund
// worked out by the engine's rule with the FAQ's words.

import { ymdToDisplay } from '../../../engine/dates';
import { formatEuro } from '../../../engine/money';
import { type Lang, t } from '../../platform/i18n';
import { INK, pdfPage } from '../pdfDocument';

export interface WithdrawalPdfInput {
  lang: Lang;
  contractNo: string;
  product: string;
  holderName: string;
  startDate: string;
  expiryDate: string;
  withdrawnOn: string;
  coveredDays: number;
  policyDays: number;
  premiumCents: number;
  paidCents: number;
  keptCents: number;
  refundCents: number;
  refundWay: string;
}

const TEXT = {
  el: {
    title: 'Βεβαίωση υπαναχώρησης',
    contract: 'Αριθμός συμβολαίου',
    product: 'Προϊόν',
    holder: 'Συμβαλλόμενος',
    period: 'Περίοδος ασφάλισης',
    withdrawnOn: 'Ημερομηνία υπαναχώρησης',
    coveredDays: 'Ημέρες κάλυψης',
    premium: 'Ασφάλιστρο',
    paid: 'Πληρωμένο ποσό',
    kept: 'Αναλογία για τις ημέρες κάλυψης',
    refund: 'Ποσό επιστροφής',
    rule: 'Σας επιστρέφουμε το ασφάλιστρο, αφαιρώντας μόνο το αναλογούν για τις ημέρες που ήσασταν καλυμμένοι. Η κάλυψη έληξε στο τέλος της ημέρας της υπαναχώρησης.',
    days: (covered: number, total: number) => `${covered} από ${total}`,
    footer: (date: string) =>
      `Εκδόθηκε στις ${date}. Το συμβόλαιο παραμένει στην πύλη πελατών με την κατάσταση «Υπαναχώρηση».`,
  },
  en: {
    title: 'Withdrawal confirmation',
    contract: 'Policy number',
    product: 'Product',
    holder: 'Policyholder',
    period: 'Period of cover',
    withdrawnOn: 'Date of withdrawal',
    coveredDays: 'Days covered',
    premium: 'Premium',
    paid: 'Amount paid',
    kept: 'Share for the days covered',
    refund: 'Refund',
    rule: 'We refund the premium less only the part for the days you were covered. The cover ended at the end of the day of withdrawal.',
    days: (covered: number, total: number) => `${covered} of ${total}`,
    footer: (date: string) =>
      `Issued on ${date}. The policy stays in the customer portal with the status "Withdrawn".`,
  },
} as const;

/** The file's name: the contract number and the language, safe in any header. */
export function withdrawalFileName(contractNo: string, lang: Lang): string {
  return `withdrawal-${contractNo.replace(/[^A-Za-z0-9-]/g, '')}-${lang}.pdf`;
}

export async function withdrawalPdf(input: WithdrawalPdfInput): Promise<Buffer> {
  const text = TEXT[input.lang];
  const brand = t(input.lang, 'common:brand.name');
  // Cents shown as the site shows amounts; the refund is exact to the cent on the card.
  const euro = (cents: number) => formatEuro(cents / 100, input.lang);
  const exact = (cents: number) =>
    `${(cents / 100).toLocaleString(input.lang === 'el' ? 'el-GR' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
  const { doc, row, finish } = pdfPage({
    lang: input.lang,
    title: `${text.title} ${input.contractNo}`,
    author: brand,
    subject: input.product,
  });

  doc.font('bold').fontSize(18).fillColor(INK).text(brand);
  doc.font('bold').fontSize(15).fillColor('black').text(text.title);
  doc.moveDown(0.8);
  row(text.contract, input.contractNo);
  row(text.product, input.product);
  row(text.holder, input.holderName);
  row(text.period, `${ymdToDisplay(input.startDate)} – ${ymdToDisplay(input.expiryDate)}`);
  row(text.withdrawnOn, ymdToDisplay(input.withdrawnOn));
  row(text.coveredDays, text.days(input.coveredDays, input.policyDays));
  doc.moveDown(0.5);
  row(text.premium, euro(input.premiumCents));
  row(text.paid, exact(input.paidCents));
  row(text.kept, exact(input.keptCents));
  row(text.refund, exact(input.refundCents));
  doc.moveDown(0.5).font('body').fontSize(10).text(input.refundWay);
  doc.moveDown(0.8).font('body').fontSize(9).fillColor('#333333').text(text.rule);
  doc
    .moveDown(2)
    .font('body')
    .fontSize(8)
    .fillColor('#555555')
    .text(text.footer(ymdToDisplay(input.withdrawnOn)));
  return finish();
}
