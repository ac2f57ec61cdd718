// Choosing a package: one card per package with its premium and covers, the optional covers of the
// chosen one, and the cover and document panels (each recorded once when opened).

import { useTranslation } from 'react-i18next';
import { qualify } from '../../engine/flow/expand';
import type { Flow, Quote, Substep } from '../../engine/flow/types';
import { formatEuro } from '../../engine/money';
import { getPath } from '../../engine/paths';
import type { RatedCover, RatedPackage } from '../../engine/rating/types';

export interface PackagesSubstepProps {
  flow: Flow;
  substep: Substep;
  quote: Quote;
  lang: 'el' | 'en';
  texts: Record<string, string>;
  /** The choices cannot be changed (the substep is being entered or left). */
  locked: boolean;
  /** A recalculation is running: choices stay open, prices are marked as updating. */
  pricing: boolean;
  error?: string;
  onSelect: (packageId: string) => void;
  onToggleCover: (coverId: string, selected: boolean) => void;
  onOpenPanel: (id: string) => void;
}

function limitsText(
  cover: RatedCover,
  t: (k: string, v?: Record<string, unknown>) => string,
  lang: 'el' | 'en',
): string {
  return Object.entries(cover.LIMITS ?? {})
    .map(([name, value]) => t(`flow:limits.${name}`, { value, amount: formatEuro(value, lang) }))
    .join(' · ');
}

export function PackagesSubstep(props: PackagesSubstepProps) {
  const { flow, substep, quote, lang } = props;
  const { t } = useTranslation('flow');
  const spec = substep.packages!;
  const packages = (getPath(quote, spec.listPath) as RatedPackage[] | undefined) ?? [];
  const covers =
    (spec.coversPath ? (getPath(quote, spec.coversPath) as RatedCover[] | undefined) : undefined) ?? [];
  const opened =
    (substep.panels ? (getPath(quote, substep.panels.recordPath) as string[] | undefined) : undefined) ?? [];

  return (
    <div className={`packages${props.pricing ? ' packages--pricing' : ''}`} aria-busy={props.pricing}>
      <fieldset className="packages__list">
        <legend className="visually-hidden">{t('packages.legend')}</legend>
        {packages.map((pkg) => {
          const selected = pkg.ZZSELECTED_IND === 'X';
          const included = covers.filter((c) => c.PACKAGE_ID === pkg.PACKAGE_ID && c.OPTIONAL !== 'X');
          const id = `package-${pkg.PACKAGE_ID}`;
          return (
            <div key={pkg.PACKAGE_ID} className={`package-card${selected ? ' package-card--selected' : ''}`}>
              <input
                type="radio"
                id={id}
                name="package"
                className="package-card__radio"
                checked={selected}
                onChange={() => props.onSelect(pkg.PACKAGE_ID)}
                disabled={props.locked}
              />
              <label htmlFor={id} className="package-card__label">
                <span className="package-card__name">{t(qualify(flow, pkg.PACKAGE_DESC))}</span>
                <span className="package-card__price" aria-busy={props.pricing}>
                  {pkg.INITIAL_AMOUNT > pkg.AMOUNT && (
                    <del className="package-card__before">{formatEuro(pkg.INITIAL_AMOUNT, lang)}</del>
                  )}
                  <strong>{formatEuro(pkg.AMOUNT, lang)}</strong>
                  <span className="package-card__period">
                    {flow.product && t(qualify(flow, flow.product.premiumWording.period))}
                  </span>
                </span>
              </label>
              <ul className="package-card__covers">
                {included.map((c) => (
                  <li key={c.COVER_ID}>
                    {t(qualify(flow, c.COVER_DESC))}
                    {c.LIMITS && <span className="package-card__limit"> {limitsText(c, t, lang)}</span>}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </fieldset>
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
      {(() => {
        const selected = packages.find((p) => p.ZZSELECTED_IND === 'X');
        const optional = covers.filter(
          (c) => selected && c.PACKAGE_ID === selected.PACKAGE_ID && c.OPTIONAL === 'X',
        );
        if (!optional.length) return null;
        return (
          <fieldset className="packages__optional">
            <legend>{t('packages.optionalCovers')}</legend>
            {optional.map((c) => (
              <label key={c.COVER_ID} className="checkbox">
                <input
                  type="checkbox"
                  id={`cover-${c.COVER_ID}`}
                  checked={c.ZZSELECTED_IND === 'X'}
                  disabled={props.locked}
                  onChange={(e) => props.onToggleCover(c.COVER_ID, e.target.checked)}
                />
                <span>
                  {t(qualify(flow, c.COVER_DESC))} <strong>+{formatEuro(c.AMOUNT, lang)}</strong>
                </span>
              </label>
            ))}
          </fieldset>
        );
      })()}
      {substep.panels && (
        <section className="panels" aria-labelledby="panels-title">
          <h2 id="panels-title">{t('packages.panelsTitle')}</h2>
          {substep.panels.requireAllOpened && <p>{t('packages.panelsHint')}</p>}
          {substep.panels.items.map((item) => (
            <details
              key={item.id}
              className={`panel panel--${item.kind}`}
              onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && props.onOpenPanel(item.id)}
            >
              <summary>
                {t(qualify(flow, item.title))}
                {opened.includes(item.id) && <span className="panel__read">{t('packages.panelRead')}</span>}
              </summary>
              <div className="panel__text">{props.texts[item.text] ?? ''}</div>
            </details>
          ))}
        </section>
      )}
    </div>
  );
}
