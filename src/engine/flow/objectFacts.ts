// The insured object's facts (label and shown value) as the object fields config lists them per
// product (flows/_catalogues/contractObjectFields.json): one rule for the contract page and the policy
// schedule PDF, so the two never show different facts or the same list value as different text.

export type FieldFormat = 'text' | 'lov' | 'choice' | 'euro' | 'number' | 'year' | 'days' | 'area';

export interface ObjectField {
  field: string;
  format?: FieldFormat;
  lov?: string;
  /** The object field a dependent list is filtered by (the models of a make). */
  dependsOn?: string;
}

export interface Fact {
  field: string;
  label: string;
  value: string;
}

export interface FactTexts {
  /** contracts:… texts (object.<FIELD>, values.<FIELD>.<value>, units.days with a count, units.area). */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** A list value's text in the reader's language, or null when the list does not have it. */
  lovText: (lov: string, value: string) => string | null | undefined;
  /** Whole euro. */
  euro: (amount: number) => string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === '0000-00-00';

/** The object's facts as label and shown value, in the config's order; empty fields are left out. */
export function objectFacts(
  fields: readonly ObjectField[],
  object: Record<string, unknown>,
  texts: FactTexts,
): Fact[] {
  const facts: Fact[] = [];
  for (const f of fields) {
    const raw = object[f.field];
    if (isEmpty(raw) || typeof raw === 'object') continue;
    const text = String(raw);
    const choice = () => {
      const key = `values.${f.field}.${text}`;
      const found = texts.t(key, { defaultValue: text });
      return found === key ? text : found;
    };
    let value: string;
    switch (f.format) {
      case 'lov':
        value = texts.lovText(f.lov ?? '', text) ?? choice();
        break;
      case 'choice':
        value = choice();
        break;
      case 'euro':
        value = texts.euro(Number(raw));
        break;
      case 'days':
        value = texts.t('units.days', { count: Number(raw) });
        break;
      case 'area':
        value = texts.t('units.area', { value: text });
        break;
      default:
        value = text;
    }
    facts.push({ field: f.field, label: texts.t(`object.${f.field}`), value });
  }
  return facts;
}
