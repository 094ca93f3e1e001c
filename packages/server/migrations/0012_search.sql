-- Built-in search (issue 16; docs/decisions.md, "Search"): PostgreSQL full-text search, no search server.
--
-- Posts and comments keep their search document in a side table, filled by a trigger, as post word sets
-- do (0007): feeds and threads read `p.*` / `c.*`, and a document as a column would travel with every
-- row they read; adding a stored generated column would also rewrite the two largest tables under an
-- exclusive lock while this migration runs. Communities and users are small and their documents cheap:
-- an expression index is enough, with nothing to keep up.
--
-- One configuration everywhere, `english` (stemming, stop words): documents and queries must agree, and
-- a fixed configuration keeps the functions IMMUTABLE, as an index needs.

-- A post's document: the title weighted above the body (A above B; ts_rank weighs A 1.0, B 0.4).
CREATE FUNCTION post_search_doc(title text, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B');

CREATE FUNCTION comment_search_doc(body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('english', coalesce(body, ''));

CREATE FUNCTION community_search_doc(name text, about text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', coalesce(about, '')), 'B');

CREATE FUNCTION user_search_doc(username text, about_me text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('english', username), 'A') || setweight(to_tsvector('english', coalesce(about_me, '')), 'B');

CREATE TABLE post_search (
  post_id hex24 PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  doc tsvector NOT NULL
);

CREATE TABLE comment_search (
  comment_id hex24 PRIMARY KEY REFERENCES comments (id) ON DELETE CASCADE,
  doc tsvector NOT NULL
);

CREATE FUNCTION keep_post_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_search (post_id, doc) VALUES (NEW.id, post_search_doc(NEW.title, NEW.body))
  ON CONFLICT (post_id) DO UPDATE SET doc = excluded.doc;
  RETURN NULL;
END;
$$;

CREATE FUNCTION keep_comment_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO comment_search (comment_id, doc) VALUES (NEW.id, comment_search_doc(NEW.body))
  ON CONFLICT (comment_id) DO UPDATE SET doc = excluded.doc;
  RETURN NULL;
END;
$$;

CREATE TRIGGER posts_search_insert AFTER INSERT ON posts
FOR EACH ROW EXECUTE FUNCTION keep_post_search();
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, body ON posts
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body)
EXECUTE FUNCTION keep_post_search();

CREATE TRIGGER comments_search_insert AFTER INSERT ON comments
FOR EACH ROW EXECUTE FUNCTION keep_comment_search();
CREATE TRIGGER comments_search_update AFTER UPDATE OF body ON comments
FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body)
EXECUTE FUNCTION keep_comment_search();

-- Existing content, then the indexes: one bulk build is much faster than growing an index row by row.
INSERT INTO post_search (post_id, doc) SELECT id, post_search_doc(title, body) FROM posts;
INSERT INTO comment_search (comment_id, doc) SELECT id, comment_search_doc(body) FROM comments;

CREATE INDEX post_search_doc_idx ON post_search USING gin (doc);
CREATE INDEX comment_search_doc_idx ON comment_search USING gin (doc);
CREATE INDEX communities_search_idx ON communities USING gin (community_search_doc(name, about))
  WHERE deleted_at IS NULL;
CREATE INDEX users_search_idx ON users USING gin (user_search_doc(username, about_me))
  WHERE deleted_at IS NULL AND banned_at IS NULL;
