-- The arguments a contract-function monitor matches (docs/api.md "Event monitors"): a JSON array of strings, one per
-- input of the function, each the value as typed ("" matches any value). NULL: every call of the function.

ALTER TABLE events ADD COLUMN function_args TEXT;
