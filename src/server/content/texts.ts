// The texts of the public site's small calls, from the business catalogues (flows/_catalogues/, the
// product team's): the FAQs and the cookie texts, stored in both languages, answered in one.

import cookieTextsJson from '../../../flows/_catalogues/cookieTexts.json' with { type: 'json' };
import faqsJson from '../../../flows/_catalogues/faqs.json' with { type: 'json' };
import { liveCatalogue } from '../platform/liveConfig';
import type { FaqsAnswer, Lang, Localised, TextsAnswer } from '../reference/types';

interface StoredFaqs {
  CATEGORIES: { ID: string; TEXT: Localised }[];
  QUESTIONS: { ID: string; CATEGORY_ID: string; QUESTION: Localised; ANSWER: Localised }[];
}

// The live versions (a published FAQ is answered at once), the bundled files without a registry.
const faqStore = (): StoredFaqs => liveCatalogue('faqs', faqsJson as StoredFaqs);
const cookieStore = (): { TEXT_NAME: string; TEXT: Localised }[] =>
  liveCatalogue('cookieTexts', cookieTextsJson).ET_TEXTS;

/** GET /zcp/CommonParams/FAQs. */
export function faqs(lang: Lang): FaqsAnswer {
  return {
    CATEGORIES: faqStore().CATEGORIES.map((c) => ({ ID: c.ID, TEXT: c.TEXT[lang] })),
    QUESTIONS: faqStore().QUESTIONS.map((q) => ({
      ID: q.ID,
      CATEGORY_ID: q.CATEGORY_ID,
      QUESTION: q.QUESTION[lang],
      ANSWER: q.ANSWER[lang],
    })),
  };
}

/** POST /zcp/cookies/gettexts: plain text, no markup. */
export function cookieTexts(lang: Lang): TextsAnswer {
  return { ET_TEXTS: cookieStore().map((t) => ({ TEXT_NAME: t.TEXT_NAME, TEXT: t.TEXT[lang] })) };
}
