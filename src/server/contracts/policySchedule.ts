// The policy schedule as a PDF (issue 14 item 2), in the customer's language, on the documents'
// page layout (pdfDocument.ts).

import { ymdToDisplay } from '../../engine/dates';
import { formatEuro } from '../../engine/money';
import { paymentMethodLabel } from '../../engine/paymentMethod';
import { type Lang, t } from '../platform/i18n';
import { banks } from '../reference';
import type { ContractDetail } from './detail';
import { contractObjectFacts } from './objectFacts';
import { INK, pdfPage } from './pdfDocument';
import { SCHEDULE_TEXT, type ScheduleText } from './policyScheduleText';

/** A bank by its name in the banks' list (the contract stores its BIC). */
function bankName(bic: string, lang: Lang): string {
  return banks(lang).LOV_VALUE.find((b) => b.VALUE === bic)?.TEXT ?? bic;
}

type Json = Record<string, unknown>;

function str(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Whole euro, by the one formatter the portal and the e-mails use. */
const euro = (amount: unknown, lang: Lang) => (typeof amount === 'number' ? formatEuro(amount, lang) : '');

/**
 * The object's rows: its description, then every fact the contract page shows (objectFacts.ts),
 * list values as their text in the document's language.
 */
function objectRows(object: Json, text: ScheduleText, lang: Lang): [string, string][] {
  const facts = contractObjectFacts(object, str(object.OBJECT_TYPE_CODE), lang);
  const rows: [string, string][] = [[text.object.description, str(object.OBJECT_DESC)]];
  for (const fact of facts) rows.push([fact.label, fact.value]);
  return rows.filter(([, value]) => value !== '');
}

export interface ScheduleInput {
  detail: ContractDetail;
  holderName: string;
  lang: Lang;
  issuedOn: string;
}

/** The schedule's file name: the contract number and the language, safe in any header. */
export function scheduleFileName(contractNo: string, lang: Lang): string {
  return `policy-schedule-${contractNo.replace(/[^A-Za-z0-9-]/g, '')}-${lang}.pdf`;
}

export async function policySchedulePdf({
  detail,
  holderName,
  lang,
  issuedOn,
}: ScheduleInput): Promise<Buffer> {
  const text = SCHEDULE_TEXT[lang];
  const contract = detail.CS_CONTRACT;
  const customer = detail.CS_CUSTOMER;
  const payment = detail.CS_CUST_ENTITIES.CS_PAYMENT_DATA;
  const contractNo = str(contract.CONTRACT_NO);
  const brand = t(lang, 'common:brand.name');

  const { doc, section, row, finish } = pdfPage({
    lang,
    title: `${text.title} ${contractNo}`,
    author: brand,
    subject: str(contract.PRODUCT_DESC),
  });

  doc.font('bold').fontSize(18).fillColor(INK).text(brand);
  doc.font('bold').fontSize(15).fillColor('black').text(text.title);
  doc.font('body').fontSize(10).text(`${text.contract.number}: ${contractNo}`);

  section(text.sections.contract);
  row(text.contract.product, str(contract.PRODUCT_DESC));
  row(text.contract.plan, str(contract.PACKAGE_DESC));
  row(text.contract.period, `${ymdToDisplay(contract.START_DATE)} – ${ymdToDisplay(contract.EXPIRY_DATE)}`);
  row(text.contract.status, str(contract.STATUS_DESC));
  row(text.contract.version, str(contract.CONTRACT_VERSION));

  section(text.sections.holder);
  row(text.holder.name, holderName);
  row(text.holder.id, str(customer.ID));
  row(
    text.holder.address,
    [
      [str(customer.STREET), str(customer.HOUSE)].filter(Boolean).join(' '),
      [str(customer.ZIP_CODE), str(customer.CITY_DESC) || str(customer.CITY)].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', '),
  );
  row(text.holder.email, str(customer.EMAIL));
  row(text.holder.mobile, str(customer.TELEPHONE));

  section(text.sections.object);
  for (const [label, value] of objectRows(detail.CS_OBJECT, text, lang)) row(label, value);

  const covers = Array.isArray(contract.CT_COVERS) ? (contract.CT_COVERS as Json[]) : [];
  if (covers.length > 0) {
    section(text.sections.covers);
    for (const cover of covers)
      doc
        .font('body')
        .fontSize(10)
        .text(`• ${str(cover.COVER_DESC)}`);
  }

  section(text.sections.premium);
  row(text.premium.before, euro(contract.ZZPREMIUM_BEFORE_DISC_AMOUNT, lang));
  row(text.premium.after, euro(contract.ZZPREMIUM_AFTER_DISC_AMOUNT, lang));
  row(text.premium.balance, euro(contract.ZZBALANCE_AMOUNT, lang));
  row(text.premium.instalments, str(contract.INSTALLMENT_NUMBER));
  row(text.premium.method, text.methods[paymentMethodLabel(payment)]);
  row(text.premium.card, payment.CARD_NUMBER);
  row(text.premium.cardExpiry, payment.CARD_EXPIRY);
  row(text.premium.iban, payment.IBAN);
  row(text.premium.bank, payment.BANK ? bankName(payment.BANK, lang) : '');

  doc
    .moveDown(2)
    .font('body')
    .fontSize(8)
    .fillColor('#555555')
    .text(text.footer(ymdToDisplay(issuedOn)));
  return finish();
}
