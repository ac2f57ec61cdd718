// Arrays of objects (hunter's guns, travel children): a fieldset with a list of item cards,
// "Add" under the list (disabled with a note at maxItems) and "Remove" on each card.
// Keyboard: after Add, focus goes to the new card's first field; after Remove, to the card that
// took its place (or the one before, or Add). Both are announced in a polite live region.

import {
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  descriptionId,
  errorId,
  getUiOptions,
  titleId,
} from '@rjsf/utils';
import { type MouseEvent, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrayItemsContext } from './arrayContext';

type Action = { kind: 'add'; count: number } | { kind: 'remove'; count: number; index: number };

const FIELD_SELECTOR = 'input:not([type="hidden"]), select, textarea';

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation('ui');
  const {
    items,
    canAdd,
    onAddClick,
    disabled,
    readonly,
    schema,
    uiSchema,
    title,
    fieldPathId,
    required,
    registry,
    rawErrors,
  } = props;
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  const itemLabel = typeof options.itemLabel === 'string' ? options.itemLabel : undefined;
  const addLabel = typeof options.addLabel === 'string' ? options.addLabel : t('array.add');
  const legend = typeof options.title === 'string' ? options.title : title;
  const description = typeof options.description === 'string' ? options.description : schema.description;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const atMax = max !== undefined && items.length >= max;
  const addable = options.addable !== false;

  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const action = useRef<Action | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const itemTitle = (index: number) =>
    t('array.itemTitle', { label: itemLabel ?? t('array.item'), n: index + 1 });

  useEffect(() => {
    const pending = action.current;
    if (!pending || pending.count === items.length) return;
    action.current = null;
    const cards = listRef.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    if (pending.kind === 'add') {
      const card = cards[cards.length - 1];
      (
        card?.querySelector<HTMLElement>(FIELD_SELECTOR) ??
        card?.querySelector<HTMLElement>('.array-card__title')
      )?.focus();
      return;
    }
    const card = cards[Math.min(pending.index, cards.length - 1)];
    const heading = card?.querySelector<HTMLElement>('.array-card__title');
    if (heading) heading.focus();
    else addRef.current?.focus();
  });

  const context = useMemo<ArrayItemsContext>(
    () => ({
      itemLabel,
      minItems,
      onRemove: (index, removedTitle) => {
        action.current = { kind: 'remove', count: items.length, index };
        setAnnouncement(t('array.removed', { item: removedTitle }));
      },
    }),
    [itemLabel, minItems, items.length, t],
  );

  const add = (event: MouseEvent<HTMLButtonElement>) => {
    action.current = { kind: 'add', count: items.length };
    setAnnouncement(t('array.added', { item: itemTitle(items.length) }));
    onAddClick(event);
  };

  const limitId = `${fieldPathId.$id}__limit`;
  return (
    <fieldset
      className="array"
      id={fieldPathId.$id}
      aria-describedby={
        [description && descriptionId(fieldPathId), rawErrors?.length && errorId(fieldPathId)]
          .filter(Boolean)
          .join(' ') || undefined
      }
    >
      {legend && (
        <legend className="array__legend" id={titleId(fieldPathId)}>
          {legend}
          {required && minItems > 0 && (
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </legend>
      )}
      {description && (
        <p className="array__description" id={descriptionId(fieldPathId)}>
          {description}
        </p>
      )}
      {items.length > 0 ? (
        <ArrayItemsContext value={context}>
          <ol className="array__list" ref={listRef}>
            {items}
          </ol>
        </ArrayItemsContext>
      ) : (
        <p className="array__empty">{t('array.empty')}</p>
      )}
      {addable && (
        <div className="array__actions">
          <button
            ref={addRef}
            type="button"
            className="btn btn--secondary array__add"
            onClick={add}
            disabled={disabled || readonly || !canAdd}
            aria-describedby={atMax ? limitId : undefined}
          >
            <span aria-hidden="true">+ </span>
            {addLabel}
          </button>
          {atMax && (
            <p className="array__limit" id={limitId}>
              {t('array.limit', { max })}
            </p>
          )}
        </div>
      )}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation('ui');
  const { children, index, totalItems, buttonsProps, disabled, readonly } = props;
  const { itemLabel, minItems, onRemove } = useContext(ArrayItemsContext);
  const title = t('array.itemTitle', { label: itemLabel ?? t('array.item'), n: index + 1 });
  const headingId = `${buttonsProps.fieldPathId.$id}__title`;
  const removable = buttonsProps.hasRemove && totalItems > minItems;
  return (
    <li className="array-card">
      <fieldset className="array-card__group">
        <legend className="array-card__legend">
          <h3 className="array-card__title" id={headingId} tabIndex={-1}>
            {title}
          </h3>
        </legend>
        {removable && (
          <button
            type="button"
            className="btn btn--link array-card__remove"
            aria-label={t('array.removeItem', { item: title })}
            disabled={disabled || readonly}
            onClick={(event) => {
              onRemove(index, title);
              buttonsProps.onRemoveItem(event);
            }}
          >
            {t('array.remove')}
          </button>
        )}
        <div className="array-card__body">{children}</div>
      </fieldset>
    </li>
  );
}
