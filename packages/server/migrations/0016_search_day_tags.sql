-- Search rows are tagged with their creation day as well as their week (issue 16; docs/decisions.md §44).
-- A search reads the newest matches first, span by span, and the GIN index narrows a span only to the
-- tags it names: with weeks alone, a search by new read every match of the newest week from the heap to
-- show 20 of them (2,000 rows for a common word at 1M posts). With days, the newest spans are days.
--
-- Every row gets the new tag. The tables are copied rather than updated: an UPDATE of every row leaves
-- each table twice its size, and the index built after it in the same transaction takes in the old rows
-- too (twice its size as well, measured at 1M posts and 10M comments). The copy keeps the documents as
-- they are, in id order (the heap holds the newest rows last, as new rows arrive); the keys and the
-- index are built afterwards, in bulk.

CREATE FUNCTION search_day(id text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ('x' || left(id, 16))::bit(64)::bigint / 86400000000000;

CREATE OR REPLACE FUNCTION search_tags(id text, community_id text, user_id text, type text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN array_to_tsvector(ARRAY['w' || search_week(id), 'd' || search_day(id), 'c' || community_id,
                               'u' || user_id, 't' || type]);

CREATE TABLE post_search_0016 (
  created_at timestamptz NOT NULL,
  deleted boolean NOT NULL,
  post_id hex24 NOT NULL,
  community_id hex24 NOT NULL,
  user_id hex24 NOT NULL,
  type text NOT NULL,
  tags tsvector NOT NULL,
  doc tsvector NOT NULL
);
INSERT INTO post_search_0016 (created_at, deleted, post_id, community_id, user_id, type, tags, doc)
SELECT created_at, deleted, post_id, community_id, user_id, type, search_tags(post_id, community_id, user_id, type), doc
FROM post_search ORDER BY post_id;
DROP TABLE post_search;
ALTER TABLE post_search_0016 RENAME TO post_search;
ALTER TABLE post_search ADD CONSTRAINT post_search_pkey PRIMARY KEY (post_id);
ALTER TABLE post_search ADD CONSTRAINT post_search_post_id_fkey
  FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE;
CREATE INDEX post_search_doc_idx ON post_search USING gin (doc, tags) WITH (gin_pending_list_limit = 512);

CREATE TABLE comment_search_0016 (
  created_at timestamptz NOT NULL,
  deleted boolean NOT NULL,
  comment_id hex24 NOT NULL,
  post_id hex24 NOT NULL,
  community_id hex24 NOT NULL,
  user_id hex24 NOT NULL,
  post_type text NOT NULL,
  tags tsvector NOT NULL,
  doc tsvector NOT NULL
);
INSERT INTO comment_search_0016 (created_at, deleted, comment_id, post_id, community_id, user_id, post_type, tags, doc)
SELECT created_at, deleted, comment_id, post_id, community_id, user_id, post_type,
       search_tags(comment_id, community_id, user_id, post_type), doc
FROM comment_search ORDER BY comment_id;
DROP TABLE comment_search;
ALTER TABLE comment_search_0016 RENAME TO comment_search;
ALTER TABLE comment_search ADD CONSTRAINT comment_search_pkey PRIMARY KEY (comment_id);
ALTER TABLE comment_search ADD CONSTRAINT comment_search_comment_id_fkey
  FOREIGN KEY (comment_id) REFERENCES comments (id) ON DELETE CASCADE;
CREATE INDEX comment_search_doc_idx ON comment_search USING gin (doc, tags) WITH (gin_pending_list_limit = 512);
