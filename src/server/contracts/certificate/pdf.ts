// The certificate of insurance as a PDF (issue 28 item 6): the vehicle, the policyholder, the
// period, the permitted drivers and the cover, with a QR code of the public verification page.

import { encode } from 'uqr';
import { ymdToDisplay } from '../../../engine/dates';
import type { CertificateConfig } from '../../../engine/flow/types';
import { getPath } from '../../../engine/paths';
import { type Lang, t } from '../../platform/i18n';
import { INK, pdfPage } from '../pdfDocument';
import { CERTIFICATE_TEXT } from './text';

export interface CertificateInput {
  lang: Lang;
  config: CertificateConfig;
  /** The quote stored with the contract. */
  data: Record<string, unknown>;
  contractNo: string;
  holderName: string;
  vehicle: string;
  cover: string;
  startDate: string;
  expiryDate: string;
  issuedOn: string;
  verifyUrl: string;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function certificateFileName(contractNo: string, lang: Lang): string {
  return `certificate-of-insurance-${contractNo.replace(/[^A-Za-z0-9-]/g, '')}-${lang}.pdf`;
}

/** The product's facts (the drivers) with their labels, in the document's language. */
export function certificateFacts(
  input: Pick<CertificateInput, 'lang' | 'config' | 'data'>,
): [string, string][] {
  const words = CERTIFICATE_TEXT[input.lang];
  return (input.config.facts ?? [])
    .map((fact): [string, string] => {
      const value = text(getPath(input.data, fact.path));
      const shown =
        fact.format === 'yesno' ? (value === '1' ? words.yes : value === '0' ? words.no : '') : value;
      return [t(input.lang, fact.label), shown];
    })
    .filter(([, value]) => value !== '');
}

export async function certificatePdf(input: CertificateInput): Promise<Buffer> {
  const words = CERTIFICATE_TEXT[input.lang];
  const brand = t(input.lang, 'common:brand.name');
  const { doc, section, row, finish } = pdfPage({
    lang: input.lang,
    title: `${words.title} ${input.contractNo}`,
    author: brand,
    subject: words.title,
  });
  doc.font('bold').fontSize(18).fillColor(INK).text(brand);
  doc.font('bold').fontSize(15).fillColor('black').text(words.title);
  doc.moveDown(0.4).font('body').fontSize(10).text(words.intro);

  section(words.title);
  row(words.rows.plate, text(getPath(input.data, input.config.platePath)));
  row(words.rows.vehicle, input.vehicle);
  row(words.rows.holder, input.holderName);
  row(words.rows.contract, input.contractNo);
  row(words.rows.period, `${ymdToDisplay(input.startDate)} – ${ymdToDisplay(input.expiryDate)}`);
  for (const [label, value] of certificateFacts(input)) row(label, value);
  row(words.rows.cover, input.cover);
  row(words.rows.insurer, brand);
  row(words.rows.issued, ymdToDisplay(input.issuedOn));

  // The QR code, drawn module by module as vector squares (sharp at any print size), with the
  // address under it for a reader without a camera.
  doc.moveDown(1).font('body').fontSize(10).fillColor('black').text(words.check);
  const qr = encode(input.verifyUrl, { ecc: 'M', border: 2 });
  const side = 130;
  const cell = side / qr.size;
  const left = doc.page.margins.left;
  const top = doc.y + 6;
  for (let y = 0; y < qr.size; y++)
    for (let x = 0; x < qr.size; x++)
      if (qr.data[y][x]) doc.rect(left + x * cell, top + y * cell, cell, cell).fill('black');
  doc.y = top + side + 6;
  doc.font('body').fontSize(8).fillColor(INK).text(input.verifyUrl, left, doc.y, { link: input.verifyUrl });
  doc.moveDown(1.5).fontSize(8).fillColor('#555555').text(words.footer);
  return finish();
}
