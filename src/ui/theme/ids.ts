// Element ids derived from a field's id, beside RJSF's own (errorId, helpId, descriptionId).

/** The field label; radio groups are labelled by it with aria-labelledby. */
export const labelId = (id: string) => `${id}__label`;
