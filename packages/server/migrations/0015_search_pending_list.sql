-- Search indexes keep a short list of pending entries (issue 16; docs/decisions.md §44). A GIN index
-- takes new entries into an unsorted pending list, merged into the index once it passes
-- gin_pending_list_limit (4 MB by default) or at a vacuum, and every search reads the whole list. On a
-- large site autovacuum comes rarely (after a fifth of the table is new), so searches read up to 4 MB
-- each: at 1M posts and 10M comments a 3.6 MB list made searches by relevance 20–40% slower
-- (docs/performance.md). At 512 kB the list is merged eight times as often, in pieces an eighth the size.
ALTER INDEX post_search_doc_idx SET (gin_pending_list_limit = 512);
ALTER INDEX comment_search_doc_idx SET (gin_pending_list_limit = 512);
