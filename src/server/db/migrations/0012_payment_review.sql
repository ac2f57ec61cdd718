-- A paid offer whose contract could not get the payment method the visitor chose and was priced
-- for (a card standing order without the provider's binding, a direct debit without a collectable
-- IBAN): the contract is issued as card-paid and the order is flagged for the back office, beside
-- refund_required. NULL when nothing needs review.
ALTER TABLE payment_orders ADD COLUMN review_reason text;
CREATE INDEX payment_orders_review ON payment_orders (review_reason) WHERE review_reason IS NOT NULL;
