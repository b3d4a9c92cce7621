-- Secret-key scopes are enforced from now on (docs/api.md "Secret-key scopes"); a key with no scope can do nothing.
-- Keys created before had no scopes and acted with everything a developer may do: they keep that as read + write.
UPDATE api_keys SET scopes = '["read","write"]' WHERE type = 'secret' AND scopes IN ('', '[]');
-- The old bare collection names (`wallets`, `users`, `transactions`, `policies`) become `<collection>:write`.
UPDATE api_keys
SET scopes = (
  SELECT json_group_array(CASE WHEN value IN ('transactions', 'wallets', 'users', 'policies') THEN value || ':write' ELSE value END)
  FROM json_each(api_keys.scopes)
)
WHERE json_valid(scopes) AND EXISTS (
  SELECT 1 FROM json_each(api_keys.scopes) WHERE value IN ('transactions', 'wallets', 'users', 'policies')
);
