-- Communities and users found by the start of their name, as it is typed (issue 16; docs/decisions.md
-- §44). Search matched names through their stemmed words only, so a name could drop out of the results
-- partway through typing it (`happin` is no start of the stem `happi`), and a name with `_` was split
-- into words. Search now also matches `lower(name) LIKE 'text%'`; these indexes serve that pattern
-- whatever the database's collation (the unique indexes on the same columns serve it only under C).
CREATE INDEX communities_name_prefix_idx ON communities (name_lc text_pattern_ops);
CREATE INDEX users_username_prefix_idx ON users (username_lc text_pattern_ops);
