import { searchMessages } from '@commons/shared/search';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SearchPage } from '../../features/search';

/** `/search` (issue 16): the built-in search, open to guests too. */
export default function SearchRoute() {
  useDocumentTitle(searchMessages.heading);
  return <SearchPage />;
}
