// How the portal names a contract's payment method (CS_PAYMENT_DATA): a card the provider keeps a
// binding of is charged for every instalment, a standing order on that card; a card without one
// paid the first premium only. The contract page, the payment-method page and the policy schedule
// say it the same way.

export type PaymentMethodLabel = 'CARD' | 'CARD_SO' | 'DIRECT_DEBIT' | 'CASH';

/** The label's key: detail.methods.<key> (contracts), current.<key> (paymethod). */
export function paymentMethodLabel(payment: {
  PAYMENT_METHOD: 'CARD' | 'DIRECT_DEBIT' | 'CASH';
  BINDING_ID?: string;
}): PaymentMethodLabel {
  return payment.PAYMENT_METHOD === 'CARD' && payment.BINDING_ID ? 'CARD_SO' : payment.PAYMENT_METHOD;
}
