-- Muted words, precomputed (docs/decisions.md, "Muted words"): each post's words as a set, so that a
-- feed tests a member's muted words with a lookup in a sorted set instead of a regular expression run
-- over every candidate's whole title and body.
--
-- A post's words are the runs of letters and digits of its lower-cased title and body: exactly the
-- whole-word boundaries of the muted-word regular expression (decisions §33), so a word made only of
-- letters and digits is in the set if and only if the expression would find it. Other words (phrases,
-- `c++`, `sour-dough`) need all their runs in the set and then the expression, on those rows only.

-- IMMUTABLE as to_tsvector with a fixed configuration is: the result follows the database's locale,
-- which a database keeps for its life.
CREATE FUNCTION word_runs(content text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN array(
  SELECT DISTINCT run FROM unnest(regexp_split_to_array(lower(content), '[^[:alnum:]]+')) AS run
  -- A tsvector lexeme has at most 2047 bytes; a muted word has at most 100 characters.
  WHERE run <> '' AND octet_length(run) < 2048
);

CREATE FUNCTION post_word_set(title text, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN array_to_tsvector(word_runs(concat_ws(E'\n', title, body)));

-- A side table, not a column of posts: feeds read `p.*`, and the set would travel with every row.
-- Derived data: backups leave it out and the trigger fills it again as a restore loads the posts.
CREATE TABLE post_word_sets (
  post_id hex24 PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  words tsvector NOT NULL
);

CREATE FUNCTION keep_post_word_set() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_word_sets (post_id, words) VALUES (NEW.id, post_word_set(NEW.title, NEW.body))
  ON CONFLICT (post_id) DO UPDATE SET words = excluded.words;
  RETURN NULL;
END;
$$;

CREATE TRIGGER posts_word_set_insert AFTER INSERT ON posts
FOR EACH ROW EXECUTE FUNCTION keep_post_word_set();
CREATE TRIGGER posts_word_set_update AFTER UPDATE OF title, body ON posts
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body)
EXECUTE FUNCTION keep_post_word_set();

INSERT INTO post_word_sets (post_id, words) SELECT id, post_word_set(title, body) FROM posts;

-- Each muted word as the runs a post must all hold (NULL for a word with none, such as an emoji: the
-- expression alone decides those), and whether the runs decide alone (the word is one run).
CREATE FUNCTION muted_word_terms(word text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN cardinality(word_runs(word)) > 0
  THEN array_to_string(array(SELECT quote_literal(run) FROM unnest(word_runs(word)) AS run), ' & ')::tsquery
END;

ALTER TABLE muted_words
  ADD COLUMN terms tsquery GENERATED ALWAYS AS (muted_word_terms(word)) STORED,
  ADD COLUMN single_run boolean GENERATED ALWAYS AS (lower(word) ~ '^[[:alnum:]]+$') STORED;
