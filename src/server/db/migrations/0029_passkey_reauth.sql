-- A passkey confirms who is at the keyboard before a sensitive action (a withdrawal), as the
-- password does: a challenge of its own purpose, bound to the session.
ALTER TABLE webauthn_challenges DROP CONSTRAINT IF EXISTS webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_purpose_check
  CHECK (purpose IN ('REGISTER', 'LOGIN', 'SECOND_FACTOR', 'REAUTH'));
