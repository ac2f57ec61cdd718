// The step every engine renders in the rendering benchmark: 40 fields of a motor quote (text,
// numbers, dates, selects, yes/no and one conditional field), written once here and translated
// into each engine's own format by its page. Values start filled in and valid, except the field
// the benchmark types into, which starts empty (required, so it shows an error until typed).

export type Kind = 'text' | 'integer' | 'number' | 'date' | 'select' | 'yesno';

export interface BenchField {
  id: string;
  kind: Kind;
  label: string;
  required?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  /** Y-m-d bounds of a date. */
  minDate?: string;
  maxDate?: string;
  options?: { value: string; label: string }[];
  /** Shown only when the yes/no field `id` is answered `eq`. */
  visibleIf?: { id: string; eq: string };
  initial?: string | number;
}

const LATIN_NAME = "^[A-Za-z .'-]*$";
const opts = (pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));
export const YES = '1';
export const NO = '2';

export const TYPED_FIELD = 'FIRST_NAME';
export const TYPED_LABEL = 'First name';
/** 30 characters, all valid for the field's pattern. */
export const TYPED_TEXT = 'Andreas Charalambos Georgiades';

export const FIELDS: BenchField[] = [
  { id: 'FIRST_NAME', kind: 'text', label: TYPED_LABEL, required: true, maxLength: 40, pattern: LATIN_NAME },
  {
    id: 'LAST_NAME',
    kind: 'text',
    label: 'Last name',
    required: true,
    maxLength: 40,
    pattern: LATIN_NAME,
    initial: 'Georgiou',
  },
  {
    id: 'FATHER_NAME',
    kind: 'text',
    label: "Father's name",
    maxLength: 40,
    pattern: LATIN_NAME,
    initial: 'Charalambos',
  },
  {
    id: 'NATIONAL_ID',
    kind: 'text',
    label: 'Identity card number',
    required: true,
    maxLength: 10,
    pattern: '^[0-9]*$',
    initial: '881234',
  },
  {
    id: 'MOB_PHONE_NO',
    kind: 'text',
    label: 'Mobile phone',
    required: true,
    maxLength: 8,
    pattern: '^9[0-9]{7}$',
    initial: '99123456',
  },
  {
    id: 'MAIL_ADDRESS',
    kind: 'text',
    label: 'E-mail',
    required: true,
    maxLength: 80,
    pattern: '^[^@\\s]+@[^@\\s]+$',
    initial: 'andreas.georgiou@example.com.cy',
  },
  { id: 'STREET', kind: 'text', label: 'Street', required: true, maxLength: 60, initial: 'Agiou Andreou' },
  { id: 'STREET_NUMBER', kind: 'text', label: 'Street number', maxLength: 10, initial: '112' },
  {
    id: 'POSTAL_CODE',
    kind: 'text',
    label: 'Postal code',
    required: true,
    maxLength: 4,
    pattern: '^[0-9]{4}$',
    initial: '3036',
  },
  {
    id: 'LICENSE_PLATE',
    kind: 'text',
    label: 'Registration number',
    required: true,
    maxLength: 6,
    pattern: '^[A-Z]{1,3}[0-9]{3}$',
    initial: 'KMN482',
  },
  {
    id: 'MANUFACTURE_YEAR',
    kind: 'integer',
    label: 'Year of manufacture',
    required: true,
    minimum: 1950,
    maximum: 2026,
    initial: 2019,
  },
  {
    id: 'ENGINE_CAPACITY',
    kind: 'integer',
    label: 'Engine capacity (cc)',
    required: true,
    minimum: 50,
    maximum: 8000,
    initial: 1598,
  },
  {
    id: 'NO_OF_SEATS',
    kind: 'integer',
    label: 'Number of seats',
    required: true,
    minimum: 1,
    maximum: 9,
    initial: 5,
  },
  {
    id: 'VEHICLE_VALUE',
    kind: 'number',
    label: 'Vehicle value (euro)',
    required: true,
    minimum: 500,
    maximum: 70000,
    initial: 18500,
  },
  {
    id: 'ACCESSORIES_VALUE',
    kind: 'number',
    label: 'Accessories value (euro)',
    minimum: 0,
    maximum: 20000,
    initial: 600,
  },
  {
    id: 'ANNUAL_MILEAGE',
    kind: 'integer',
    label: 'Kilometres a year',
    minimum: 0,
    maximum: 100000,
    initial: 14000,
  },
  {
    id: 'LICENSE_YEARS',
    kind: 'integer',
    label: 'Years with a driving licence',
    required: true,
    minimum: 0,
    maximum: 70,
    initial: 17,
  },
  {
    id: 'NO_OF_DRIVERS',
    kind: 'integer',
    label: 'Number of drivers',
    required: true,
    minimum: 1,
    maximum: 5,
    initial: 2,
  },
  {
    id: 'BIRTH_DATE',
    kind: 'date',
    label: 'Date of birth',
    required: true,
    minDate: '1926-01-01',
    maxDate: '2008-01-01',
    initial: '1986-01-15',
  },
  {
    id: 'LICENSE_ISSUE_DATE',
    kind: 'date',
    label: 'Licence issued on',
    required: true,
    minDate: '1945-01-01',
    maxDate: '2026-03-10',
    initial: '2008-06-02',
  },
  {
    id: 'LICENSE_EXPIRY_DATE',
    kind: 'date',
    label: 'Licence expires on',
    required: true,
    minDate: '2026-03-10',
    maxDate: '2040-12-31',
    initial: '2033-06-01',
  },
  {
    id: 'REGISTRATION_DATE',
    kind: 'date',
    label: 'First registered on',
    required: true,
    minDate: '1950-01-01',
    maxDate: '2026-03-10',
    initial: '2019-04-18',
  },
  {
    id: 'PURCHASE_DATE',
    kind: 'date',
    label: 'Bought on',
    minDate: '1950-01-01',
    maxDate: '2026-03-10',
    initial: '2021-09-30',
  },
  {
    id: 'START_DATE',
    kind: 'date',
    label: 'Cover starts on',
    required: true,
    minDate: '2026-03-10',
    maxDate: '2026-04-09',
    initial: '2026-03-15',
  },
  {
    id: 'DISTRICT',
    kind: 'select',
    label: 'District',
    required: true,
    initial: 'LIM',
    options: opts([
      ['LEF', 'Nicosia'],
      ['LIM', 'Limassol'],
      ['LAR', 'Larnaca'],
      ['PAF', 'Paphos'],
      ['AMM', 'Famagusta'],
    ]),
  },
  {
    id: 'GENDER_ID',
    kind: 'select',
    label: 'Gender',
    required: true,
    initial: 'M',
    options: opts([
      ['M', 'Male'],
      ['F', 'Female'],
    ]),
  },
  {
    id: 'NATIONAL_ID_TYPE',
    kind: 'select',
    label: 'Identity document',
    required: true,
    initial: 'ID',
    options: opts([
      ['ID', 'Identity card'],
      ['PASS', 'Passport'],
      ['ARC', 'Alien registration certificate'],
    ]),
  },
  {
    id: 'OCCUPATION',
    kind: 'select',
    label: 'Occupation',
    required: true,
    initial: 'ENG',
    options: opts([
      ['ENG', 'Engineer'],
      ['TEA', 'Teacher'],
      ['ACC', 'Accountant'],
      ['DOC', 'Doctor'],
      ['LAW', 'Lawyer'],
      ['SAL', 'Salesperson'],
      ['CIV', 'Civil servant'],
      ['STU', 'Student'],
      ['RET', 'Retired'],
      ['OTH', 'Other'],
    ]),
  },
  {
    id: 'MANUFACTURER',
    kind: 'select',
    label: 'Make',
    required: true,
    initial: 'TOYOTA',
    options: opts([
      ['TOYOTA', 'Toyota'],
      ['NISSAN', 'Nissan'],
      ['MAZDA', 'Mazda'],
      ['HONDA', 'Honda'],
      ['KIA', 'Kia'],
      ['HYUNDAI', 'Hyundai'],
      ['VOLKSWAGEN', 'Volkswagen'],
      ['MERCEDES', 'Mercedes-Benz'],
    ]),
  },
  {
    id: 'VEHICLE_TYPE',
    kind: 'select',
    label: 'Vehicle type',
    required: true,
    initial: 'CAR',
    options: opts([
      ['CAR', 'Private car'],
      ['VAN', 'Van'],
      ['MOTO', 'Motorcycle'],
      ['JEEP', 'Jeep'],
    ]),
  },
  {
    id: 'VEHICLE_USE',
    kind: 'select',
    label: 'Use',
    required: true,
    initial: 'PRIVATE',
    options: opts([
      ['PRIVATE', 'Private use'],
      ['BUSINESS', 'Business use'],
      ['RENTAL', 'Rental'],
    ]),
  },
  {
    id: 'FUEL_TYPE',
    kind: 'select',
    label: 'Fuel',
    required: true,
    initial: 'PETROL',
    options: opts([
      ['PETROL', 'Petrol'],
      ['DIESEL', 'Diesel'],
      ['HYBRID', 'Hybrid'],
      ['ELECTRIC', 'Electric'],
    ]),
  },
  { id: 'FINANCED', kind: 'yesno', label: 'Financed by a finance company?', required: true, initial: NO },
  { id: 'IMPORTED', kind: 'yesno', label: 'Imported second-hand?', required: true, initial: NO },
  { id: 'LEFT_SIDE', kind: 'yesno', label: 'Left-hand drive?', required: true, initial: NO },
  { id: 'CONVERTIBLE', kind: 'yesno', label: 'Convertible?', required: true, initial: NO },
  {
    id: 'OWNER_DRIVES',
    kind: 'yesno',
    label: 'Is the owner one of the drivers?',
    required: true,
    initial: YES,
  },
  { id: 'DRIVERS_UNDER_25', kind: 'yesno', label: 'Any driver under 25?', required: true, initial: NO },
  { id: 'HAD_CLAIMS', kind: 'yesno', label: 'Claims in the last 3 years?', required: true, initial: YES },
  {
    id: 'NO_OF_CLAIMS',
    kind: 'integer',
    label: 'Number of claims',
    required: true,
    minimum: 1,
    maximum: 10,
    initial: 1,
    visibleIf: { id: 'HAD_CLAIMS', eq: YES },
  },
];

/** The label of the last field: once it is on the page, the whole step is. */
export const LAST_LABEL = FIELDS[FIELDS.length - 1].label;

export const YES_NO = [
  { value: YES, label: 'Yes' },
  { value: NO, label: 'No' },
];

/** The initial answers by field id. */
export function initialData(): Record<string, string | number> {
  const data: Record<string, string | number> = {};
  for (const f of FIELDS) if (f.initial !== undefined) data[f.id] = f.initial;
  return data;
}
