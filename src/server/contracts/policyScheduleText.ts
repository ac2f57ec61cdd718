// The policy schedule's wording in both languages (issue 14 item 2). Kept beside the PDF code: the
// schedule is a server document, not a screen, so it does not belong in the web app's locales. The
// object's facts are not here: they come from flows/_catalogues/contractObjectFields.json with the contract page's labels.

import type { PaymentMethodLabel } from '../../engine/paymentMethod';
import type { Lang } from '../platform/i18n';

export interface ScheduleText {
  title: string;
  sections: Record<'contract' | 'holder' | 'object' | 'covers' | 'premium', string>;
  contract: Record<'number' | 'product' | 'plan' | 'period' | 'status' | 'version', string>;
  holder: Record<'name' | 'id' | 'address' | 'email' | 'mobile', string>;
  object: { description: string };
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
