-- An Idempotency-Key names one intended action: the same key with another body is not a repeat
-- (kernel/platform/idempotency.ts refuses it instead of answering the first action's result).
-- body_hash is a digest of the body the key was first claimed with; null for rows written before
-- this migration and by the spot and futures batch claims, which are not compared.
alter table idempotency_key add column body_hash text;
