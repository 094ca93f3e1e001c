/** The profiles feature's public entry: what other features use of it. */
export { PictureEditor } from './components/PictureEditor';
