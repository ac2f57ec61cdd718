// The demo customers (never in production): who they are, where they live and whether they have a
// portal account (locked, with two-factor login). Their contracts, offers and claims: customers.ts.

export type Holder = {
  customerNo: string;
  contactId: string;
  type?: 'INDIVIDUAL' | 'LEGAL_ENTITY';
  idType: string;
  id: string;
  birthDate: string | null;
  first: string;
  last: string;
  gender: string;
  profession: string;
  email: string;
  mobile: string;
  home?: string;
  work?: string;
  district: string;
  city: string;
  zip: string;
  street: string;
  house: string;
  apartment?: string;
  building?: string;
  outdated?: boolean;
  refused?: boolean;
  marketing?: boolean;
  /** A portal account: locked after five wrong passwords, with two-factor login. */
  account?: { locked?: boolean; twoFactor?: boolean };
};

export const DEMO_CUSTOMERS: Holder[] = [
  {
    customerNo: '900001',
    contactId: '790001',
    idType: 'ID',
    id: '784512',
    birthDate: '1984-05-17',
    first: 'Ανδρέας',
    last: 'Γεωργίου',
    gender: 'M',
    profession: 'CIVIL_ENGINEER',
    email: 'andreas.georgiou@example.com.cy',
    mobile: '99000001',
    home: '22456789',
    district: 'NIC',
    city: 'STROVOLOS',
    zip: '2003',
    street: 'Λεωφόρος Στροβόλου',
    house: '112',
    apartment: '302',
    building: 'Πολυκατοικία Ελιά',
    marketing: true,
    account: {},
  },
  {
    customerNo: '900002',
    contactId: '790002',
    idType: 'ID',
    id: '865231',
    birthDate: '1979-11-02',
    first: 'Ελένη',
    last: 'Χαραλάμπους',
    gender: 'F',
    profession: 'TEACHER',
    email: 'eleni.charalambous@example.com.cy',
    mobile: '99000002',
    district: 'LIM',
    city: 'GERMASOGEIA',
    zip: '4040',
    street: 'Οδός Αμαθούντος',
    house: '27',
    outdated: true,
    account: {},
  },
  {
    customerNo: '900003',
    contactId: '790003',
    idType: 'ID',
    id: '912874',
    birthDate: '1990-03-09',
    first: 'Κωνσταντίνος',
    last: 'Παπαδόπουλος',
    gender: 'M',
    profession: 'ACCOUNTANT',
    email: 'kostas.papadopoulos@example.com.cy',
    mobile: '99000003',
    district: 'LAR',
    city: 'ARADIPPOU',
    zip: '7100',
    street: 'Οδός Αρχιεπισκόπου Κυπριανού',
    house: '8',
    account: { locked: true },
  },
  {
    customerNo: '900004',
    contactId: '790004',
    idType: 'PASSPORT',
    id: 'K00458721',
    birthDate: '1972-08-21',
    first: 'Μαρίνα',
    last: 'Ιωάννου',
    gender: 'F',
    profession: 'LAWYER',
    email: 'marina.ioannou@example.com.cy',
    mobile: '99000004',
    work: '25871234',
    district: 'LIM',
    city: 'LEMESOS',
    zip: '3010',
    street: 'Οδός Αγίου Ανδρέα',
    house: '145',
    account: { twoFactor: true },
  },
  {
    customerNo: '900005',
    contactId: '790005',
    type: 'LEGAL_ENTITY',
    idType: 'ID',
    id: '10284567',
    birthDate: null,
    first: '',
    last: 'Kyrenia Trading Ltd',
    gender: '',
    profession: '',
    email: 'accounts@kyrenia-trading.example.com.cy',
    mobile: '99000005',
    work: '22667788',
    district: 'NIC',
    city: 'LEFKOSIA',
    zip: '1065',
    street: 'Λεωφόρος Μακαρίου Γ΄',
    house: '54',
    account: {},
  },
  {
    // The insurer refuses this customer's portal registration (spec §5).
    customerNo: '900006',
    contactId: '790006',
    idType: 'ID',
    id: '990099',
    birthDate: '1970-07-07',
    first: 'Σάββας',
    last: 'Νικολάου',
    gender: 'M',
    profession: 'SHOP_OWNER',
    email: 'savvas.nikolaou@example.com.cy',
    mobile: '99000006',
    district: 'PAF',
    city: 'PAFOS',
    zip: '8010',
    street: 'Οδός Ελευθερίου Βενιζέλου',
    house: '3',
    refused: true,
  },
  {
    // Bought a motor policy two days before the demo data was loaded, by card: within the 14-day
    // right of withdrawal (docs/scenarios.md).
    customerNo: '900008',
    contactId: '790008',
    idType: 'ID',
    id: '903417',
    birthDate: '1990-02-11',
    first: 'Χριστίνα',
    last: 'Παπαδοπούλου',
    gender: 'F',
    profession: 'TEACHER',
    email: 'christina.papadopoulou@example.com.cy',
    mobile: '99000008',
    district: 'LAR',
    city: 'ARADIPPOU',
    zip: '7100',
    street: 'Λεωφόρος Αρχιεπισκόπου Μακαρίου Γ΄',
    house: '58',
    account: {},
  },
  {
    // A driver's personal accident policy that ends in 20 days: its renewal is offered on the
    // renewal pass (every minute, or the desk's "run the renewal pass"), docs/scenarios.md.
    customerNo: '900009',
    contactId: '790009',
    idType: 'ID',
    id: '774512',
    birthDate: '1979-06-04',
    first: 'Νικόλας',
    last: 'Χαραλάμπους',
    gender: 'M',
    profession: 'ACCOUNTANT',
    email: 'nikolas.charalambous@example.com.cy',
    mobile: '99000019',
    district: 'NIC',
    city: 'AGLANTZIA',
    zip: '2102',
    street: 'Λεωφόρος Αγλαντζιάς',
    house: '47',
    account: {},
  },
  {
    // A customer without an account yet: registers with ID 654321 and birth date 1992-09-23.
    customerNo: '900007',
    contactId: '790007',
    idType: 'ID',
    id: '654321',
    birthDate: '1992-09-23',
    first: 'Μαρία',
    last: 'Κωνσταντίνου',
    gender: 'F',
    profession: 'NURSE',
    email: 'maria.konstantinou@example.com.cy',
    mobile: '',
    district: 'FAM',
    city: 'PARALIMNI',
    zip: '5280',
    street: 'Οδός Πρωταρά',
    house: '19',
  },
];
