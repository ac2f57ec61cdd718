// /help-page: FAQs by category from GET /zcp/CommonParams/FAQs, a search that ignores accents and
// case (Greek included), and the contact block.

import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FaqQuestion } from '../../api/types';
import { getFaqs } from '../../api/zcp';
import { PRERENDERED_READS } from '../../prerender/names';
import { useZcpRead } from '../../shell/hooks/useZcpRead';
import { NEW_REQUEST_PATH, REQUESTS_PATH } from '../../shell/routeTable';
import { DelayedLoader } from '../../ui/layout/Loader';
import { FailedLoad } from '../components/FailedLoad';
import { useIsLoggedIn } from '../hooks/useSession';
import { CallCentre } from '../layout/CallCentre';

const ALL = '';

/** Lower case without accents or diacritics, final sigma as sigma: "Ασφάλιση" and "ασφαλιση" match. */
export function searchForm(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
}

/** Questions whose question or answer holds every word of the query. */
export function searchFaqs(questions: readonly FaqQuestion[], query: string): FaqQuestion[] {
  const words = searchForm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...questions];
  return questions.filter((q) => {
    const haystack = searchForm(`${q.QUESTION} ${q.ANSWER}`);
    return words.every((w) => haystack.includes(w));
  });
}

export function HelpPage() {
  const { t, i18n } = useTranslation('pages');
  const searchId = useId();
  const faqs = useZcpRead(() => getFaqs(), [i18n.language], PRERENDERED_READS.faqs);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const loggedIn = useIsLoggedIn();

  const results = useMemo(() => {
    if (faqs.status !== 'ready') return [];
    const inCategory = faqs.data.QUESTIONS.filter((q) => category === ALL || q.CATEGORY_ID === category);
    return searchFaqs(inCategory, query);
  }, [faqs, category, query]);

  return (
    <div className="page">
      <h1>{t('help.title')}</h1>
      <p>{t('help.intro')}</p>
      <section aria-labelledby="faq-title">
        <h2 id="faq-title">{t('help.faqTitle')}</h2>
        {faqs.status === 'loading' ? <DelayedLoader /> : null}
        {faqs.status === 'failed' ? <FailedLoad onRetry={faqs.retry} /> : null}
        {faqs.status === 'ready' ? (
          <>
            <search className="faq-search">
              <label htmlFor={searchId} className="field__label">
                {t('help.search')}
              </label>
              <input
                id={searchId}
                type="search"
                className="input"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </search>
            <fieldset className="faq-categories">
              <legend className="visually-hidden">{t('help.categories')}</legend>
              {[{ ID: ALL, TEXT: t('help.allCategories') }, ...faqs.data.CATEGORIES].map((c) => (
                <button
                  key={c.ID || 'all'}
                  type="button"
                  className="chip"
                  aria-pressed={category === c.ID}
                  onClick={() => setCategory(c.ID)}
                >
                  {c.TEXT}
                </button>
              ))}
            </fieldset>
            <p role="status" className="faq-count">
              {t('help.resultCount', { count: results.length })}
            </p>
            <div className="faq-list">
              {results.map((q) => (
                <details key={q.ID} className="faq">
                  <summary>{q.QUESTION}</summary>
                  <p>{q.ANSWER}</p>
                </details>
              ))}
            </div>
          </>
        ) : null}
      </section>
      <section aria-labelledby="help-contact-title" className="help-contact">
        <h2 id="help-contact-title">{t('help.contactTitle')}</h2>
        <CallCentre />
        <p>
          <Link to="/contact">{t('help.callMe')}</Link>
        </p>
      </section>
      {loggedIn ? <WriteToUs /> : null}
    </div>
  );
}

/** In the portal (logged in): a request to the service team, in writing, and the ones already sent. */
function WriteToUs() {
  const { t } = useTranslation('requests');
  return (
    <section aria-labelledby="help-request-title" className="help-contact">
      <h2 id="help-request-title">{t('help.requestTitle')}</h2>
      <p>{t('help.requestText')}</p>
      <p className="help-request__links">
        <Link to={NEW_REQUEST_PATH} className="btn btn--primary">
          {t('help.requestLink')}
        </Link>{' '}
        <Link to={REQUESTS_PATH}>{t('help.listLink')}</Link>
      </p>
    </section>
  );
}
