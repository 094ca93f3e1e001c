/** The lists feature's public entry: what other features use of it. */
export { ListsCard } from './components/ListsCard';
export { SaveToListModal } from './components/SaveToListModal';
