-- The customer adds a claim's own photos and documents (its product's slots) while the insurer is
-- still assessing it; once decided (approved, rejected, paid) the claim takes no more files, and its
-- page offers none.
ALTER TABLE case_statuses ADD COLUMN files_open boolean NOT NULL DEFAULT false;
UPDATE case_statuses SET files_open = true
 WHERE case_kind = 'CLAIM' AND status IN ('SUBMITTED', 'IN_REVIEW', 'MORE_INFO');
