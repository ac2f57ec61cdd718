// The policy schedule's wording in both languages (issue 14 item 2). Kept beside the PDF code: the
// schedule is a server document, not a screen, so it does not belong in the web app's locales.

import type { PaymentMethodLabel } from '../../engine/paymentMethod';
import type { Lang } from '../platform/i18n';

export interface ScheduleText {
  title: string;
  sections: Record<'contract' | 'holder' | 'object' | 'covers' | 'premium', string>;
  contract: Record<'number' | 'product' | 'plan' | 'period' | 'status' | 'version', string>;
  holder: Record<'name' | 'id' | 'address' | 'email' | 'mobile', string>;
  object: { description: string };
  /** Per product code: the insured object's fields printed, in order, with their labels. */
  objectFields: Record<string, Record<string, string>>;
  premium: Record<
    'before' | 'after' | 'balance' | 'instalments' | 'method' | 'card' | 'cardExpiry' | 'iban' | 'bank',
    string
  >;
  methods: Record<PaymentMethodLabel, string>;
  footer: (date: string) => string;
}

export const SCHEDULE_TEXT: Record<Lang, ScheduleText> = {
  el: {
    title: 'Πρόγραμμα Ασφάλισης',
    sections: {
      contract: 'Στοιχεία συμβολαίου',
      holder: 'Ασφαλισμένος',
      object: 'Αντικείμενο ασφάλισης',
      covers: 'Καλύψεις',
      premium: 'Ασφάλιστρο και πληρωμή',
    },
    contract: {
      number: 'Αριθμός συμβολαίου',
      product: 'Προϊόν',
      plan: 'Σχέδιο κάλυψης',
      period: 'Περίοδος ασφάλισης',
      status: 'Κατάσταση',
      version: 'Έκδοση συμβολαίου',
    },
    holder: {
      name: 'Ονοματεπώνυμο',
      id: 'Αριθμός ταυτότητας',
      address: 'Διεύθυνση',
      email: 'Ηλεκτρονικό ταχυδρομείο',
      mobile: 'Κινητό τηλέφωνο',
    },
    object: { description: 'Περιγραφή' },
    objectFields: {
      MOTOR: {
        LICENSE_PLATE: 'Αριθμός εγγραφής',
        CHASSIS_NUMBER: 'Αριθμός πλαισίου',
        MANUFACTURE_YEAR: 'Έτος κατασκευής',
        ENGINE_CAPACITY: 'Κυβικά',
        VEHICLE_VALUE: 'Αξία οχήματος',
        REGISTRATION_DATE: 'Ημερομηνία εγγραφής',
      },
      PROPERTY: {
        POSTAL_CODE: 'Ταχυδρομικός κώδικας',
        PROPERTY_AREA: 'Εμβαδόν (τ.μ.)',
        PROPERTY_VALUE: 'Αξία κτιρίου',
        CONTENTS_VALUE: 'Αξία περιεχομένου',
        VALUABLES_VALUE: 'Αξία τιμαλφών',
      },
      TRAVEL: { DURATION_DAYS: 'Διάρκεια ταξιδιού (ημέρες)', NUMBER_OF_ADULTS: 'Ενήλικες' },
      HUNTER: { HUNTING_LICENCE_NO: 'Αριθμός άδειας κυνηγίου', NUMBER_OF_GUNS: 'Αριθμός όπλων' },
      DRIVER: {},
      CYBER: {},
    },
    premium: {
      before: 'Ασφάλιστρο πριν την έκπτωση',
      after: 'Ασφάλιστρο μετά την έκπτωση',
      balance: 'Υπόλοιπο προς πληρωμή',
      instalments: 'Αριθμός δόσεων',
      method: 'Τρόπος πληρωμής',
      card: 'Αριθμός κάρτας',
      cardExpiry: 'Λήξη κάρτας',
      iban: 'IBAN',
      bank: 'Τράπεζα',
    },
    methods: {
      CARD: 'Κάρτα',
      CARD_SO: 'Πάγια εντολή σε κάρτα',
      DIRECT_DEBIT: 'Άμεση χρέωση (SEPA)',
      CASH: 'Μετρητά',
    },
    footer: (date) =>
      `Εκδόθηκε στις ${date}. Το παρόν πρόγραμμα ισχύει μαζί με τους όρους του ασφαλιστηρίου συμβολαίου.`,
  },
  en: {
    title: 'Policy Schedule',
    sections: {
      contract: 'Contract details',
      holder: 'Policyholder',
      object: 'Insured object',
      covers: 'Covers',
      premium: 'Premium and payment',
    },
    contract: {
      number: 'Contract number',
      product: 'Product',
      plan: 'Cover plan',
      period: 'Period of insurance',
      status: 'Status',
      version: 'Contract version',
    },
    holder: {
      name: 'Full name',
      id: 'Identity number',
      address: 'Address',
      email: 'E-mail',
      mobile: 'Mobile phone',
    },
    object: { description: 'Description' },
    objectFields: {
      MOTOR: {
        LICENSE_PLATE: 'Registration number',
        CHASSIS_NUMBER: 'Chassis number',
        MANUFACTURE_YEAR: 'Year of manufacture',
        ENGINE_CAPACITY: 'Engine capacity (cc)',
        VEHICLE_VALUE: 'Vehicle value',
        REGISTRATION_DATE: 'Registration date',
      },
      PROPERTY: {
        POSTAL_CODE: 'Postal code',
        PROPERTY_AREA: 'Area (m²)',
        PROPERTY_VALUE: 'Building value',
        CONTENTS_VALUE: 'Contents value',
        VALUABLES_VALUE: 'Valuables value',
      },
      TRAVEL: { DURATION_DAYS: 'Trip length (days)', NUMBER_OF_ADULTS: 'Adults' },
      HUNTER: { HUNTING_LICENCE_NO: 'Hunting licence number', NUMBER_OF_GUNS: 'Number of guns' },
      DRIVER: {},
      CYBER: {},
    },
    premium: {
      before: 'Premium before discount',
      after: 'Premium after discount',
      balance: 'Balance to pay',
      instalments: 'Number of instalments',
      method: 'Payment method',
      card: 'Card number',
      cardExpiry: 'Card expiry',
      iban: 'IBAN',
      bank: 'Bank',
    },
    methods: {
      CARD: 'Card',
      CARD_SO: 'Card standing order',
      DIRECT_DEBIT: 'Direct debit (SEPA)',
      CASH: 'Cash',
    },
    footer: (date) =>
      `Issued on ${date}. This schedule is valid together with the policy terms and conditions.`,
  },
};
