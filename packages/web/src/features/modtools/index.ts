/** The moderation tools (secondary §2): what the app's modtools route composes. */
export { ModtoolsLayout, MODTOOLS_TABS, isModtoolsTab, type ModtoolsTab } from './components/ModtoolsLayout';
export { ModtoolsTabContent } from './components/ModtoolsTabContent';
