// A case's history as a timeline (issue 28 item 3): each status with its date and the insurer's
// note, oldest first, the current one marked. Claims and requests show the same component.

import { useTranslation } from 'react-i18next';
import type { CaseHistoryEntry } from '../../api/claims';
import { showDate } from '../format';
import './progress.css';

export function CaseTimeline({ history, noteLabel }: { history: CaseHistoryEntry[]; noteLabel: string }) {
  const { t } = useTranslation('claims');
  if (history.length === 0) return null;
  const last = history.length - 1;
  return (
    <ol className="case-timeline">
      {history.map((h, i) => (
        <li
          key={h.AT}
          className={`case-timeline__step${i === last ? ' case-timeline__step--current' : ''}`}
          data-status={h.STATUS}
          aria-current={i === last ? 'step' : undefined}
        >
          <span className="case-timeline__date">{showDate(h.DATE)}</span>
          <span className="case-timeline__status">
            {h.STATUS_DESC}
            {i === last ? <span className="visually-hidden"> ({t('progress.current')})</span> : null}
          </span>
          {h.NOTE ? (
            <p className="case-timeline__note">
              <span className="case-timeline__note-label">{noteLabel}:</span> {h.NOTE}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
