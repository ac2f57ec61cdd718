// The insurer's documents as PDF (the policy schedule, the certificate of insurance): one page
// layout drawn with pdfkit. The text font is DejaVu Sans from the dejavu-fonts-ttf package (full
// Greek and Latin), embedded as a subset, so a document reads the same on any viewer and nothing
// is fetched at run time.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Lang } from '../platform/i18n';

const require = createRequire(import.meta.url);

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once, on the first document: about 1.4 MB of TrueType that pdfkit subsets per document. */
function documentFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export const INK = '#0b3d6b';

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  /** A section's heading with a rule under it. */
  section: (title: string) => void;
  /** A label and its value side by side; nothing when the value is empty. */
  row: (label: string, value: string) => void;
  /** Ends the document and answers its bytes. */
  finish: () => Promise<Buffer>;
}

export function pdfPage(info: { lang: Lang; title: string; author: string; subject: string }): PdfPage {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: info.lang === 'el' ? 'el-GR' : 'en-GB',
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = documentFonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);

  const section = (title: string) => {
    doc.moveDown(0.8).font('bold').fontSize(12).fillColor(INK).text(title);
    doc
      .moveTo(doc.page.margins.left, doc.y + 2)
      .lineTo(doc.page.width - doc.page.margins.right, doc.y + 2)
      .strokeColor(INK)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.4).fillColor('black');
  };
  const row = (label: string, value: string) => {
    if (!value) return;
    const y = doc.y;
    doc.font('bold').fontSize(10).text(label, doc.page.margins.left, y, { width: 180 });
    const labelBottom = doc.y;
    doc
      .font('body')
      .fontSize(10)
      .text(value, doc.page.margins.left + 190, y, { width: 305 });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  };
  const finish = () => {
    doc.end();
    return finished;
  };
  return { doc, section, row, finish };
}
