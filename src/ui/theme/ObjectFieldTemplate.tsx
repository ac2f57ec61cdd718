// Objects: the substep's root and each array item are flat grids (the page and the item card
// carry the headings); any other nested object is a fieldset with a legend.

import { descriptionId, type ObjectFieldTemplateProps, titleId } from '@rjsf/utils';

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, fieldPathId, title, description, required } = props;
  const path = fieldPathId.path;
  const flat = path.length === 0 || typeof path[path.length - 1] === 'number';
  const grid = <div className="form-grid">{properties.filter((p) => !p.hidden).map((p) => p.content)}</div>;
  if (flat) return grid;
  return (
    <fieldset className="form-group" id={fieldPathId.$id}>
      {title && (
        <legend className="form-group__legend" id={titleId(fieldPathId)}>
          {title}
          {required && (
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </legend>
      )}
      {description && (
        <p className="form-group__description" id={descriptionId(fieldPathId)}>
          {description}
        </p>
      )}
      {grid}
    </fieldset>
  );
}
