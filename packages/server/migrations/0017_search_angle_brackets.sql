-- Words in angle brackets are searchable (issue 16; docs/decisions.md §44). PostgreSQL's text-search
-- parser reads `<…>` as an HTML tag and leaves it out, so "the <dialog> element" was found by
-- "element" and never by "dialog", and "a<b or x>y" kept only "y". The site shows that text as written
-- (markdown), so the documents now read every `<` as a space; the queries do the same (search.repository.ts).
--
-- Only rows whose text holds a `<` change: those few documents are made again, and the two expression
-- indexes (small tables) are rebuilt.

CREATE OR REPLACE FUNCTION post_search_doc(title text, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('english', translate(title, '<', ' ')), 'A')
    || setweight(to_tsvector('english', translate(coalesce(body, ''), '<', ' ')), 'B');

CREATE OR REPLACE FUNCTION comment_search_doc(body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('english', translate(coalesce(body, ''), '<', ' '));

CREATE OR REPLACE FUNCTION community_search_doc(name text, about text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('english', name), 'A')
    || setweight(to_tsvector('english', translate(coalesce(about, ''), '<', ' ')), 'B');

CREATE OR REPLACE FUNCTION user_search_doc(username text, about_me text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('english', username), 'A')
    || setweight(to_tsvector('english', translate(coalesce(about_me, ''), '<', ' ')), 'B');

UPDATE post_search s SET doc = post_search_doc(p.title, p.body)
FROM posts p
WHERE p.id = s.post_id AND (strpos(p.title, '<') > 0 OR strpos(p.body, '<') > 0);

UPDATE comment_search s SET doc = comment_search_doc(c.body)
FROM comments c
WHERE c.id = s.comment_id AND strpos(c.body, '<') > 0;

REINDEX INDEX communities_search_idx;
REINDEX INDEX users_search_idx;
