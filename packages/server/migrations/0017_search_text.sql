-- Search's text (issue 16; docs/decisions.md §44). Words in angle brackets are searchable: PostgreSQL's
-- text-search parser reads `<…>` as an HTML tag and leaves it out, so "the <dialog> element" was found
-- by "element" and never by "dialog", and "a<b or x>y" kept only "y". The site shows that text as
-- written (markdown), so the documents now read every `<` as a space, as the queries do
-- (search.repository.ts).
--
-- Posts and comments are kept in composed Unicode (NFC) from now on (posts.service.ts), and so are the
-- search's words: the rows written before with an accent as a combining mark are composed here (their
-- triggers make their documents and word sets again), unless composing would take them over their
-- limit (a few letters grow under NFC), as for new text. Only on a UTF8 database: elsewhere normalize()
-- is not available, and the rows are left as they are.
--
-- Only rows whose text holds a `<` or is not composed change: those few documents are made again, and
-- the two expression indexes (small tables) are rebuilt.

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

DO $$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    UPDATE posts SET title = normalize(title, NFC)
    WHERE title IS NOT NFC NORMALIZED AND char_length(normalize(title, NFC)) <= 255;
    UPDATE posts SET body = normalize(body, NFC)
    WHERE body IS NOT NFC NORMALIZED AND char_length(normalize(body, NFC)) <= 20000;
    UPDATE comments SET body = normalize(body, NFC)
    WHERE body IS NOT NFC NORMALIZED AND char_length(normalize(body, NFC)) <= 20000;
  END IF;
END $$;

UPDATE post_search s SET doc = post_search_doc(p.title, p.body)
FROM posts p
WHERE p.id = s.post_id AND (strpos(p.title, '<') > 0 OR strpos(p.body, '<') > 0);

UPDATE comment_search s SET doc = comment_search_doc(c.body)
FROM comments c
WHERE c.id = s.comment_id AND strpos(c.body, '<') > 0;

REINDEX INDEX communities_search_idx;
REINDEX INDEX users_search_idx;
