// What the draft tariff does to premiums: how many of the seeded quotes' premiums change, by how
// much (min, median, max; whole euro as everywhere in the UI, with the percent beside), and the
// largest movers with the quote's answers.

import { useTranslation } from 'react-i18next';
import { answerLines } from './answers';
import type { Impact } from './api';

interface Props {
  impact: Impact | null;
  pricing: boolean;
  error: string | null;
  changed: boolean;
  onPrice: () => void;
}

export function ImpactPanel({ impact, pricing, error, changed, onPrice }: Props) {
  const { t, i18n } = useTranslation('texts');
  const locale = i18n.language === 'el' ? 'el-GR' : 'en-GB';
  const euro = (n: number, sign = false) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
      signDisplay: sign ? 'exceptZero' : 'auto',
    }).format(n);
  const percent = (n: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(n);

  return (
    <aside className="impact" aria-labelledby="impact-title">
      <h2 id="impact-title">{t('impact.title')}</h2>
      <p className="studio-muted">{changed ? t('impact.intro') : t('impact.unchanged')}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={onPrice}
        disabled={pricing}
        aria-busy={pricing}
      >
        {pricing ? t('impact.pricing') : t('impact.price')}
      </button>
      {error ? (
        <p className="studio-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {impact ? (
          <>
            <p className="impact__headline" data-testid="impact-headline">
              {t('impact.changed', {
                count: impact.CHANGED,
                premiums: impact.PREMIUMS,
                quotes: impact.QUOTES,
              })}
            </p>
            {impact.TIMED_OUT ? (
              <p className="studio-note">{t('impact.timedOut', { asked: impact.ASKED })}</p>
            ) : null}
            <dl className="impact__facts">
              <div>
                <dt>{t('impact.up')}</dt>
                <dd>{impact.UP}</dd>
              </div>
              <div>
                <dt>{t('impact.down')}</dt>
                <dd>{impact.DOWN}</dd>
              </div>
              {impact.DELTA && impact.PERCENT ? (
                <>
                  <div>
                    <dt>{t('impact.min')}</dt>
                    <dd>
                      {euro(impact.DELTA.MIN, true)} ({percent(impact.PERCENT.MIN)} %)
                    </dd>
                  </div>
                  <div>
                    <dt>{t('impact.median')}</dt>
                    <dd>
                      {euro(impact.DELTA.MEDIAN, true)} ({percent(impact.PERCENT.MEDIAN)} %)
                    </dd>
                  </div>
                  <div>
                    <dt>{t('impact.max')}</dt>
                    <dd>
                      {euro(impact.DELTA.MAX, true)} ({percent(impact.PERCENT.MAX)} %)
                    </dd>
                  </div>
                </>
              ) : null}
              {impact.ONLY_LIVE + impact.ONLY_DRAFT > 0 ? (
                <div>
                  <dt>{t('impact.offered')}</dt>
                  <dd>{t('impact.offeredDetail', { gone: impact.ONLY_LIVE, added: impact.ONLY_DRAFT })}</dd>
                </div>
              ) : null}
            </dl>
            {impact.MOVERS.length > 0 ? (
              <>
                <h3>{t('impact.movers')}</h3>
                <ol className="impact__movers">
                  {impact.MOVERS.map((m) => (
                    <li key={`${m.QUOTE}-${m.PACKAGE_ID}`}>
                      <details>
                        <summary>
                          {t('impact.mover', {
                            quote: m.QUOTE + 1,
                            package: m.PACKAGE_ID,
                            live: euro(m.LIVE),
                            draft: euro(m.DRAFT),
                            delta: euro(m.DELTA, true),
                          })}
                        </summary>
                        <dl className="impact__answers">
                          {answerLines(m.ANSWERS).map((line) => (
                            <div key={line.path}>
                              <dt>
                                <code>{line.path}</code>
                              </dt>
                              <dd>{line.value}</dd>
                            </div>
                          ))}
                        </dl>
                      </details>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </aside>
  );
}
