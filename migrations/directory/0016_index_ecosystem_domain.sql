-- A custom domain serves one ecosystem: the API looks a domain up before it accepts it (docs/api.md "Ecosystem").
CREATE INDEX settings_ecosystem_domain ON settings (json_extract(data, '$.customDomain')) WHERE kind = 'ecosystem';
