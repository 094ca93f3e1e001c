-- Search at scale (issue 16; docs/decisions.md §44, "Candidates"): the side tables of 0012 gain what
-- decides which rows may be candidates, so that a search reads only them until it has its page.
--
-- - Filters and the row's own removal (community, author, post type, created, deleted) are copied here,
--   kept by the triggers below: no join runs before the candidates are chosen. What depends on other
--   rows (banned or deleted authors, deleted communities, a comment's removed post, a member's mutes) is
--   checked afterwards, by primary key, on the few rows a page needs.
-- - `tags`, a second tsvector beside the document in one GIN index, holds the row's creation week (from
--   its id, so that it agrees with the id order searches use), community, author and post type as
--   lexemes: the index itself then narrows a common word to the newest weeks, or to one community or
--   author, and the heap is read only for those rows. Without it, a word found in 5% of a million posts
--   reads 50,000 rows to keep 1,000.
--
-- The tables are made again rather than altered: every row gets new columns anyway (a rewrite).

-- The creation week of an entity id (ids begin with their time in nanoseconds, API.md §2.3).
CREATE FUNCTION search_week(id text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ('x' || left(id, 16))::bit(64)::bigint / 604800000000000;

CREATE FUNCTION search_tags(id text, community_id text, user_id text, type text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN array_to_tsvector(ARRAY['w' || search_week(id), 'c' || community_id, 'u' || user_id, 't' || type]);

DROP TABLE post_search;
DROP TABLE comment_search;

CREATE TABLE post_search (
  created_at timestamptz NOT NULL,
  deleted boolean NOT NULL,
  post_id hex24 PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  community_id hex24 NOT NULL,
  user_id hex24 NOT NULL,
  type text NOT NULL,
  tags tsvector NOT NULL,
  doc tsvector NOT NULL
);

CREATE TABLE comment_search (
  created_at timestamptz NOT NULL,
  deleted boolean NOT NULL,
  comment_id hex24 PRIMARY KEY REFERENCES comments (id) ON DELETE CASCADE,
  post_id hex24 NOT NULL,
  community_id hex24 NOT NULL,
  user_id hex24 NOT NULL,
  post_type text NOT NULL,
  tags tsvector NOT NULL,
  doc tsvector NOT NULL
);

-- One function per table for insert and update: the document is made again only when the text changed
-- (a removal copies its flag alone).
CREATE OR REPLACE FUNCTION keep_post_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.title IS NOT DISTINCT FROM NEW.title AND OLD.body IS NOT DISTINCT FROM NEW.body THEN
    UPDATE post_search SET created_at = NEW.created_at, deleted = NEW.deleted, community_id = NEW.community_id, user_id = NEW.user_id,
      type = NEW.type, tags = search_tags(NEW.id, NEW.community_id, NEW.user_id, NEW.type)
    WHERE post_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO post_search (created_at, deleted, post_id, community_id, user_id, type, tags, doc)
  VALUES (NEW.created_at, NEW.deleted, NEW.id, NEW.community_id, NEW.user_id, NEW.type,
          search_tags(NEW.id, NEW.community_id, NEW.user_id, NEW.type), post_search_doc(NEW.title, NEW.body))
  ON CONFLICT (post_id) DO UPDATE SET created_at = excluded.created_at, deleted = excluded.deleted, community_id = excluded.community_id,
    user_id = excluded.user_id, type = excluded.type, tags = excluded.tags, doc = excluded.doc;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION keep_comment_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.body IS NOT DISTINCT FROM NEW.body THEN
    UPDATE comment_search SET created_at = NEW.created_at, deleted = NEW.deleted_at IS NOT NULL
    WHERE comment_id = NEW.id;
    RETURN NULL;
  END IF;
  -- A post's type never changes (editing keeps it): copied once, from the post the comment is under.
  INSERT INTO comment_search (created_at, deleted, comment_id, post_id, community_id, user_id, post_type, tags, doc)
  SELECT NEW.created_at, NEW.deleted_at IS NOT NULL, NEW.id, NEW.post_id, NEW.community_id, NEW.user_id,
         p.type, search_tags(NEW.id, NEW.community_id, NEW.user_id, p.type), comment_search_doc(NEW.body)
  FROM posts p WHERE p.id = NEW.post_id
  ON CONFLICT (comment_id) DO UPDATE SET created_at = excluded.created_at, deleted = excluded.deleted,
    doc = excluded.doc;
  RETURN NULL;
END;
$$;

DROP TRIGGER posts_search_update ON posts;
-- Every copied column, even those the site never changes (created, author, type): a copy that could
-- drift would filter wrongly without a sign.
CREATE TRIGGER posts_search_update
AFTER UPDATE OF title, body, deleted, community_id, user_id, type, created_at ON posts
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body
  OR OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.community_id IS DISTINCT FROM NEW.community_id
  OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
  OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION keep_post_search();

DROP TRIGGER comments_search_update ON comments;
CREATE TRIGGER comments_search_update AFTER UPDATE OF body, deleted_at, created_at ON comments
FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body
  OR (OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)
  OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION keep_comment_search();

-- Existing content in id order (the heap then holds the newest rows last, as new rows arrive), then the
-- indexes in one bulk build each.
INSERT INTO post_search (created_at, deleted, post_id, community_id, user_id, type, tags, doc)
SELECT created_at, deleted, id, community_id, user_id, type, search_tags(id, community_id, user_id, type),
       post_search_doc(title, body)
FROM posts ORDER BY id;
INSERT INTO comment_search (created_at, deleted, comment_id, post_id, community_id, user_id, post_type, tags, doc)
SELECT c.created_at, c.deleted_at IS NOT NULL, c.id, c.post_id, c.community_id, c.user_id, p.type,
       search_tags(c.id, c.community_id, c.user_id, p.type), comment_search_doc(c.body)
FROM comments c JOIN posts p ON p.id = c.post_id ORDER BY c.id;

CREATE INDEX post_search_doc_idx ON post_search USING gin (doc, tags);
CREATE INDEX comment_search_doc_idx ON comment_search USING gin (doc, tags);
