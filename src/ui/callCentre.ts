// The call centre's number from the business catalogue (flows/_catalogues/callCentre.json), as the
// page shows it ("8000 8787") and as a phone dials it (tel:, in Cyprus's international form).

import callCentre from '../../flows/_catalogues/callCentre.json';

export const CALL_CENTRE_PHONE: string = callCentre.phone;
export const CALL_CENTRE_TEL = `tel:+357${callCentre.phone.replace(/\s/g, '')}`;
