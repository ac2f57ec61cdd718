// The certificate's wording in both languages, beside its PDF code as the schedule's is: a server
// document, not a screen. The product's own facts (the drivers) come with their labels from the
// product's flow (product.certificate).

import type { Lang } from '../../platform/i18n';

export interface CertificateText {
  title: string;
  intro: string;
  rows: Record<
    'plate' | 'vehicle' | 'holder' | 'contract' | 'period' | 'cover' | 'insurer' | 'issued',
    string
  >;
  yes: string;
  no: string;
  check: string;
  footer: string;
}

export const CERTIFICATE_TEXT: Record<Lang, CertificateText> = {
  el: {
    title: 'Πιστοποιητικό ασφάλισης οχήματος',
    intro:
      'Βεβαιώνεται ότι για το όχημα που αναφέρεται πιο κάτω ισχύει ασφάλιση, για την περίοδο και με τους όρους του συμβολαίου.',
    rows: {
      plate: 'Αριθμός εγγραφής',
      vehicle: 'Όχημα',
      holder: 'Ασφαλισμένος',
      contract: 'Αριθμός συμβολαίου',
      period: 'Περίοδος ασφάλισης',
      cover: 'Σχέδιο κάλυψης',
      insurer: 'Ασφαλιστική εταιρεία',
      issued: 'Ημερομηνία έκδοσης',
    },
    yes: 'Ναι',
    no: 'Όχι',
    check: 'Σαρώστε τον κωδικό για να ελέγξετε αν το πιστοποιητικό ισχύει σήμερα:',
    footer:
      'Το πιστοποιητικό ισχύει μόνο όσο ισχύει το συμβόλαιο. Αν το συμβόλαιο ακυρωθεί ή λήξει, η σελίδα ελέγχου το δείχνει αμέσως.',
  },
  en: {
    title: 'Certificate of motor insurance',
    intro: 'This certifies that the vehicle below is insured for the period and on the terms of the policy.',
    rows: {
      plate: 'Registration number',
      vehicle: 'Vehicle',
      holder: 'Policyholder',
      contract: 'Policy number',
      period: 'Period of insurance',
      cover: 'Cover plan',
      insurer: 'Insurer',
      issued: 'Date of issue',
    },
    yes: 'Yes',
    no: 'No',
    check: 'Scan the code to check whether this certificate is valid today:',
    footer:
      'This certificate is valid only while the policy is. If the policy is cancelled or ends, the checking page shows it at once.',
  },
};
