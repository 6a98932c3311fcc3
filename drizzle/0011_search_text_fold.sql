-- The registrations' search text as shared/search.ts now writes it (searchForm): besides lower case and
-- accents stripped, letters Unicode does not decompose read as plain ones (đ ð → d, ø → o, ł → l, ı → i,
-- ß → ss, æ → ae, œ → oe, þ → th) and hyphens and apostrophes (curly ones too) as spaces, so an admin's
-- 'dang' finds Đặng and 'da silva' finds Da-Silva, as the devices' own search already did. Only the
-- stored text changes; the next change to a registration writes the same from the code.
UPDATE "registrations"
SET "search_text" = btrim(regexp_replace(
  replace(replace(replace(replace(translate("search_text", 'đðøłı-''‘’', 'ddoli    '), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'),
  ' {2,}', ' ', 'g'
), ' ')
WHERE "search_text" ~ '[đðøłıßæœþ''‘’-]';
